/**
 * The collection page's price history (the marketplace's floor and volume charts): a collection's sales per UTC
 * day, week (from Monday) or month, oldest first, over the most recent CHART_BUCKETS periods. The floor of a
 * period is its lowest sale price of one piece (not the lowest listing); the volume is what its sales paid, each
 * coin apart in integer wei, with the USD estimate of the sales at the time, floored to 4 decimals. An unknown or
 * deleted collection answers 254, a period outside CHART_PERIODS 5.
 */
import { z } from 'zod';
import { dataReply, usdSchema, weiSchema } from './common';
import { idxSchema } from './collection';

export const CHART_PERIODS = ['day', 'week', 'month'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
/** How many periods back a chart reaches (about three months of days, a year of weeks, two years of months). */
export const CHART_BUCKETS: Readonly<Record<ChartPeriod, number>> = { day: 90, week: 52, month: 24 };

export const collectionChartRequest = z.object({ collectionIdx: idxSchema, period: z.enum(CHART_PERIODS) });
export type CollectionChartRequest = z.input<typeof collectionChartRequest>;

/** One period's floor: the lowest price of one piece sold, in USD at the time and in each coin (null: none sold). */
export const floorPointSchema = z.object({
  /** The period's first day, YYYY-MM-DD (UTC). */
  date: z.string(),
  floorUsd: usdSchema.nullable(),
  floorAtt: weiSchema.nullable(),
  floorKlay: weiSchema.nullable(),
});
export type FloorPoint = z.infer<typeof floorPointSchema>;

/** One period's volume: what its sales paid in each coin (wei, '0' when none) and their USD estimate. */
export const volumePointSchema = z.object({
  date: z.string(),
  volumeAtt: weiSchema,
  volumeKlay: weiSchema,
  volumeUsd: usdSchema,
  sales: z.number().int(),
});
export type VolumePoint = z.infer<typeof volumePointSchema>;

export const collectionChartSchema = z.object({
  period: z.enum(CHART_PERIODS),
  floor: z.array(floorPointSchema),
  volume: z.array(volumePointSchema),
});
export type CollectionChart = z.infer<typeof collectionChartSchema>;
export const collectionChartReply = dataReply(collectionChartSchema);
