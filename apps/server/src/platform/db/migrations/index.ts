/** Every migration, in order. Add a file `NNNN_name.ts` and list it here (static imports work under tsx and bundlers). */
import type { Migration } from 'kysely';
import * as m0001 from './0001_accounts';
import * as m0002 from './0002_hardening';
import * as m0003 from './0003_collections_items';
import * as m0004 from './0004_support';
import * as m0005 from './0005_history_likes_reports';
import * as m0006 from './0006_curation';
import * as m0007 from './0007_search';
import * as m0008 from './0008_rankings';
import * as m0009 from './0009_trading';
import * as m0011 from './0011_chain_logs_key';
import * as m0012 from './0012_search_exact';
import * as m0013 from './0013_seller_counters';
import * as m0014 from './0014_curation_tips_en';
import * as m0015 from './0015_alerts_outbox';
import * as m0016 from './0016_reservation_limits';
import * as m0019 from './0019_alert_dispatch_seq';
import * as m0020 from './0020_auctions';
import * as m0021 from './0021_offers';
import * as m0022 from './0022_alert_mail';
import * as m0024 from './0024_referral';
import * as m0025 from './0025_alert_corrections';
import * as m0026 from './0026_history_fee';
import * as m0027 from './0027_jobs_lease';
import * as m0028 from './0028_idempotency_keys';
import * as m0029 from './0029_alert_bidder_types';
import * as m0030 from './0030_collection_charts';
import * as m0031 from './0031_escrow_and_outbid_facts';
import * as m0032 from './0032_member_withdrawal';
import * as m0033 from './0033_referral_forfeits';
import * as m0034 from './0034_former_member_marker';
import * as m0035 from './0035_collection_offers';
import * as m0036 from './0036_item_floor_prices';
import * as m0037 from './0037_collection_chart_days';
import * as m0038 from './0038_collection_offer_items';
import * as m0039 from './0039_watchlist';
import * as m0040 from './0040_inactive_members';
import * as m0041 from './0041_item_traits';
import * as m0042 from './0042_trait_offers';
import * as m0043 from './0043_watch_floor_alerts';

export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_hardening': m0002,
  '0003_collections_items': m0003,
  '0004_support': m0004,
  '0005_history_likes_reports': m0005,
  '0006_curation': m0006,
  '0007_search': m0007,
  '0008_rankings': m0008,
  '0009_trading': m0009,
  '0011_chain_logs_key': m0011,
  '0012_search_exact': m0012,
  '0013_seller_counters': m0013,
  '0014_curation_tips_en': m0014,
  '0015_alerts_outbox': m0015,
  '0016_reservation_limits': m0016,
  '0019_alert_dispatch_seq': m0019,
  '0020_auctions': m0020,
  '0021_offers': m0021,
  '0022_alert_mail': m0022,
  '0024_referral': m0024,
  '0025_alert_corrections': m0025,
  '0026_history_fee': m0026,
  '0027_jobs_lease': m0027,
  '0028_idempotency_keys': m0028,
  '0029_alert_bidder_types': m0029,
  '0030_collection_charts': m0030,
  '0031_escrow_and_outbid_facts': m0031,
  '0032_member_withdrawal': m0032,
  '0033_referral_forfeits': m0033,
  '0034_former_member_marker': m0034,
  '0035_collection_offers': m0035,
  '0036_item_floor_prices': m0036,
  '0037_collection_chart_days': m0037,
  '0038_collection_offer_items': m0038,
  '0039_watchlist': m0039,
  '0040_inactive_members': m0040,
  '0041_item_traits': m0041,
  '0042_trait_offers': m0042,
  '0043_watch_floor_alerts': m0043,
};
