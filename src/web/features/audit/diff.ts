/** The before/after of an audit entry, field by field. */
/**
 * `notRecorded`: the field is in `before` but the entry's `after` (an object) leaves it out —
 * updates often record only the fields they set.
 */
export type ChangeKind = 'added' | 'removed' | 'changed' | 'unchanged' | 'notRecorded';

export interface DiffLine {
  /** The field; '' when a whole value (not an object) is compared. */
  field: string;
  before: unknown;
  after: unknown;
  change: ChangeKind;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted, so that equal values compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .map((key) => [key, inner[key]]),
        )
      : inner,
  );
}

const present = (value: unknown) => value !== undefined && value !== null;

function kind(before: unknown, after: unknown): ChangeKind {
  if (!present(before) && !present(after)) return 'unchanged';
  if (!present(before) && present(after)) return 'added';
  if (present(before) && !present(after)) return 'removed';
  return stableJson(before) === stableJson(after) ? 'unchanged' : 'changed';
}

/**
 * The fields of `before` and `after` side by side (top level; nested values compare as a whole),
 * in the order they first appear. Values that are not both objects (or absent) compare whole.
 */
export function diffValues(before: unknown, after: unknown): DiffLine[] {
  const beforeIsObject = isRecord(before) || !present(before);
  const afterIsObject = isRecord(after) || !present(after);
  if (!beforeIsObject || !afterIsObject) {
    return [{ field: '', before, after, change: kind(before, after) }];
  }
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return fields.map((field) => ({
    field,
    before: left[field],
    after: right[field],
    change:
      isRecord(after) && !Object.hasOwn(right, field)
        ? 'notRecorded'
        : kind(left[field], right[field]),
  }));
}

/** A value as readable JSON ('' for nothing; strings without quotes). */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}
