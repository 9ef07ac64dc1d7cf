/** Column types the modules' table definitions share (Kysely select / insert / update types). */
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(78,0) wei: a decimal string on read and write. */
export type Wei = ColumnType<string, string | undefined, string>;
/** A small integer with a default (flags, states, counts). */
export type Flag = ColumnType<number, number | undefined, number>;
export type Counter = ColumnType<number, number | undefined, number>;
