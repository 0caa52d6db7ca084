import { describe, expect, it } from 'vitest';
import { declaredNames, isBylineLine, printedNames } from './person-name';

describe('printed bylines', () => {
  it('drops the "By", the date glued on and the handle', () => {
    expect(printedNames('by Steven Musil January 18, 2017 11:00 PM PST @stevenmusil')).toEqual([
      'Steven Musil',
    ]);
    expect(printedNames('Sarah Archer 1:39 PM ET')).toEqual(['Sarah Archer']);
    expect(printedNames('Aleš Vávra před 2 hodinami')).toEqual(['Aleš Vávra']);
    expect(printedNames('James Akinaka • 8h')).toEqual(['James Akinaka']);
  });

  it('reads the first line only, with "By" alone on its line', () => {
    expect(printedNames('Written by Rob Ewaschuk\nEdited by Betsy Beyer')).toEqual(['Rob Ewaschuk']);
    expect(printedNames('By\nScott Cunningham')).toEqual(['Scott Cunningham']);
  });

  it('splits co-authors and stops at roles and credentials', () => {
    expect(printedNames('By Stella Kim and Jennifer Jett')).toEqual(['Stella Kim', 'Jennifer Jett']);
    expect(printedNames('Par Alexandre Hervaud et Jérémy Piette')).toEqual([
      'Alexandre Hervaud',
      'Jérémy Piette',
    ]);
    expect(printedNames('By Daniel Kahn Gillmor, Senior Staff Technologist, ACLU Speech, Privacy')).toEqual([
      'Daniel Kahn Gillmor',
    ]);
    expect(printedNames('Brenda Goodman, MA')).toEqual(['Brenda Goodman']);
    expect(printedNames('Posted by Andrew Hayden, Software Engineer on Google Play')).toEqual([
      'Andrew Hayden',
    ]);
  });

  it('keeps particles, capitals and bracketed nicknames of real names', () => {
    expect(printedNames('By Ursula von der Leyen')).toEqual(['Ursula von der Leyen']);
    expect(printedNames('Todd VanDerWerff')).toEqual(['Todd VanDerWerff']);
    expect(printedNames('Richard (R.J.) Eskow')).toEqual(['Richard (R.J.) Eskow']);
    expect(printedNames('JOE HILDEBRAND')).toEqual(['JOE HILDEBRAND']);
  });

  it('answers nothing for page furniture and things that are not people', () => {
    for (const text of [
      'on Deadspin',
      'Sign In | Sign Up | Subscribe',
      'View my complete profile',
      'More by CC7567',
      'Patrick AllanProfileFollowUnfollow',
      'AMournfulHowlInTheNight',
      'The Associated Press',
      'by Taboola',
      'Zdroj: ČTK',
      'April 28, 2019 at 6:01 am',
    ])
      expect(printedNames(text), text).toEqual([]);
  });

  it('tells a byline line from prose', () => {
    expect(isBylineLine('By Jane Doe')).toBe(true);
    expect(isBylineLine('Written by Jane Doe')).toBe(true);
    expect(isBylineLine('Bylines are hard')).toBe(false);
    expect(isBylineLine('The council voted by a wide margin')).toBe(false);
  });
});

describe('declared authors', () => {
  it('cleans without judging: URLs, "By", repeats, credentials', () => {
    expect(declaredNames('Bradley M. Kuhn (http://ebb.org/bkuhn/)')).toEqual(['Bradley M. Kuhn']);
    expect(declaredNames('By Lucy Akins')).toEqual(['Lucy Akins']);
    expect(declaredNames('AFP, AFP')).toEqual(['AFP']);
    expect(declaredNames('Brenda Goodman, MA')).toEqual(['Brenda Goodman']);
    expect(declaredNames('Stella Kim and Jennifer Jett')).toEqual(['Stella Kim', 'Jennifer Jett']);
  });

  it('keeps names that do not look like Western names whole', () => {
    expect(declaredNames('Mac & i')).toEqual(['Mac & i']);
    expect(declaredNames('史蒂文的家_藍天 (stevenhgm)')).toEqual(['史蒂文的家_藍天 (stevenhgm)']);
    expect(declaredNames('Bruno (Henrique Zecchin) Rodrigues ')).toEqual([
      'Bruno (Henrique Zecchin) Rodrigues',
    ]);
    expect(declaredNames('青网校园崔宁宁')).toEqual(['青网校园崔宁宁']);
  });

  it('rejects logins, account names and URLs', () => {
    for (const text of [
      'mcupdate',
      'CC7567',
      'admin',
      'Staff',
      'https://www.blogger.com/profile/0858',
      '@libe',
    ])
      expect(declaredNames(text), text).toEqual([]);
  });
});
