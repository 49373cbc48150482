/** Row types of the market-data tables (migration 0005_marketdata). */

/** One row (id = 1): bumped by triggers on every write to a catalog table an order-book market reads. */
export interface MarketdataVersionTable { id: number; version: number }

export interface MarketdataTables {
  marketdata_version: MarketdataVersionTable;
}
