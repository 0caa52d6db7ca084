// Fresh phrasings for a fault class a blind held-out set showed (issue 29), written before their rules:
// lists in German, French and Spanish read the way English lists are.
import { describeRuleGroups, EMAIL, type DescribeRule } from '../../../bench/planner/fresh';

const NAME = 'name|full_name:string';

const RULES: Record<string, DescribeRule[]> = {
  // "each X with its Y", "all X, each one with Y", "the Xs and their Ys", "which are the Xs and their Ys".
  'lists in every language': [
    [
      'de',
      'Jeder Mitarbeiter mit seiner E-Mail-Adresse und seiner Rolle',
      true,
      // An e-mail address already tells the rows apart (list-shape.ts IDENTIFYING): no name column.
      [EMAIL, 'role|job_title|position:string'],
    ],
    [
      'es',
      'Todas las ofertas de empleo, cada una con su título y su ciudad',
      true,
      ['title|job_title:string', 'city|location:string'],
    ],
    [
      'fr',
      "L'ensemble des produits, avec pour chacun le prix et la référence",
      true,
      ['price:money', 'sku|reference|reference_number:string'],
    ],
    ['es', 'Los planes y sus precios', true, ['name|plan_name:string', 'price:money']],
    ['fr', 'Quels sont les menus et leurs prix ?', true, ['name|menu_name:string', 'price:money']],
    ['es', '¿Cuáles son los cursos y sus precios?', true, ['name|course_name:string', 'price:money']],
    ['de', 'Alle Ärzte, jeweils mit Name und Fachgebiet', true, [NAME, 'specialty|speciality:string']],
    [
      'fr',
      'Chaque chambre avec son prix et sa capacité',
      true,
      ['name|room_name:string', 'price:money', 'capacity|max_occupancy:number|string'],
    ],
    [
      'en',
      'All job openings, each one with its title and its city',
      true,
      ['title|job_title:string', 'city|location:string'],
    ],
  ],
};

describeRuleGroups(RULES, new Set<string>([]));
