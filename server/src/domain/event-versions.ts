/**
 * How stored events keep being read after their shape changes. A stored event never changes: its metadata's
 * `eventVersion` (1 when absent) says which shape it was written in, and one upcaster per step brings it to
 * the current shape when it is read. A new shape of an event type is: a new upcaster here (`from` the version
 * it reads), the type's data in the domain changed, and a spec of the step in `event-versions.spec.ts`.
 */
export interface Upcaster {
  type: string;
  /** The version this step reads; it gives `from + 1`. */
  from: number;
  up(data: Record<string, unknown>): Record<string, unknown>;
}

export const UPCASTERS: readonly Upcaster[] = [
  // Version 2 of a suspect level set by an admin names the level it replaced; one recorded before says so with null.
  { type: 'SuspectLevelSet', from: 1, up: (data) => ({ ...data, from: data.from ?? null }) },
];

const steps = new Map<string, Upcaster[]>();
for (const u of [...UPCASTERS].sort((a, b) => a.from - b.from)) steps.set(u.type, [...(steps.get(u.type) ?? []), u]);
for (const [type, list] of steps) {
  list.forEach((u, i) => {
    if (u.from !== i + 1) throw new Error(`The upcasters of ${type} must go 1 → 2 → 3 … one step each (found a step from ${u.from})`);
  });
}

/** The version events of `type` are written in now. */
export function currentVersion(type: string): number {
  return (steps.get(type)?.length ?? 0) + 1;
}

/** Whether any event of `type` may need upcasting. */
export function hasUpcasters(type: string): boolean {
  return steps.has(type);
}

/** `data` written in `version` of `type`, in the current shape. */
export function upcast(type: string, data: unknown, version: number): unknown {
  const list = steps.get(type);
  if (!list) return data;
  if (version > list.length + 1) throw new Error(`A ${type} of version ${version} is newer than this release reads (${list.length + 1}): upgrade first`);
  let current = data as Record<string, unknown>;
  for (const step of list.slice(version - 1)) current = step.up(current);
  return current;
}
