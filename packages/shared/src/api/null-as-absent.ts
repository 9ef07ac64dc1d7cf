/**
 * JavaScript clients commonly send `null` for "unset". A request schema wrapped by `nullAsAbsent` reads `null` in a
 * field that may be left out as if it were left out (nested objects and arrays of objects too), so every optional
 * field of every route accepts it, while a field that must be given still refuses it (and one that accepts `null`
 * itself keeps it). The wrapped schema's output and input types are the schema's own.
 */
import { z } from 'zod';

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType };

/** The object schema under optional/nullable/default/readonly wrappers and pipes, if any. */
function objectOf(s: z.ZodType): z.ZodObject | undefined {
  if (s instanceof z.ZodObject) return s;
  const d = s.def as unknown as Def;
  const inner = d.innerType ?? d.in;
  return inner ? objectOf(inner) : undefined;
}

/** The element schema of an array under the same wrappers, if any. */
function elementOf(s: z.ZodType): z.ZodType | undefined {
  const d = s.def as unknown as Def;
  if (d.type === 'array') return d.element;
  const inner = d.innerType ?? d.in;
  return inner ? elementOf(inner) : undefined;
}

const absentOk = new WeakMap<z.ZodType, boolean>();
/** The field may be left out but refuses null. */
function nullMeansAbsent(f: z.ZodType): boolean {
  let ok = absentOk.get(f);
  if (ok === undefined) {
    ok = f.safeParse(undefined).success && !f.safeParse(null).success;
    absentOk.set(f, ok);
  }
  return ok;
}

function strip(s: z.ZodType, v: unknown): unknown {
  if (Array.isArray(v)) {
    const el = elementOf(s);
    return el ? v.map((x) => strip(el, x)) : v;
  }
  const o = objectOf(s);
  if (!o || v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    // Own fields only: `constructor` or `__proto__` in a body must not find Object's members on the shape.
    const f = Object.hasOwn(o.shape, k) ? (o.shape[k] as z.ZodType) : undefined;
    if (!f) out[k] = x;
    else if (x === null) {
      if (!nullMeansAbsent(f)) out[k] = x;
    } else out[k] = strip(f, x);
  }
  return out;
}

export function nullAsAbsent<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>, z.input<T>> {
  return z.preprocess((raw) => strip(schema, raw), schema) as unknown as z.ZodType<z.output<T>, z.input<T>>;
}
