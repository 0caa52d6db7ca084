import type { TaskDetail } from '@/lib/contract/tasks';
import { typeLabel } from '@/lib/dashboard/field-draft';
import { Badge } from '@/components/ui/badge';
import { Table, Td, Th } from '@/components/ui/table';

type Definition = Pick<TaskDetail, 'inputs' | 'outputs' | 'list'>;

/** Inputs, then outputs with the question each one asks of the website. */
export function DefinitionTable({ definition }: { definition: Definition }) {
  return (
    <div className="space-y-5">
      <div>
        <h3 className="mb-2 text-sm font-semibold">Inputs</h3>
        <Table label="Inputs" className="rounded-md border border-slate-200 dark:border-slate-800">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Type</Th>
              <Th>Description</Th>
            </tr>
          </thead>
          <tbody>
            {definition.inputs.map((i) => (
              <tr key={i.name}>
                <Td className="font-mono text-xs">{i.name}</Td>
                <Td>
                  <Badge>{i.type}</Badge>
                </Td>
                <Td className="text-slate-700 dark:text-slate-300">{i.description}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <div>
        <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
          Outputs {definition.list && <Badge tone="brand">list: one row per item found</Badge>}
        </h3>
        <Table label="Outputs" className="rounded-md border border-slate-200 dark:border-slate-800">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Type</Th>
              <Th>Query</Th>
            </tr>
          </thead>
          <tbody>
            {definition.outputs.map((o) => (
              <tr key={o.name}>
                <Td className="font-mono text-xs">{o.name}</Td>
                <Td className="whitespace-nowrap">
                  {o.type ? <Badge>{typeLabel(o.type, o.items)}</Badge> : '—'}
                  {definition.list && (
                    <span className="ml-1.5 text-xs text-slate-600 dark:text-slate-400">
                      {o.scope === 'task' ? 'once per page' : 'per row'}
                    </span>
                  )}
                </Td>
                <Td className="text-slate-700 dark:text-slate-300">
                  {o.query ?? o.description ?? '—'}
                  {o.format && (
                    <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                      Format: {o.format}
                    </span>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
