/**
 * `deploy/`'s alert rules and dashboard parse, and each rule says what it is and how bad. That they name only
 * metrics the server exports is checked against a served instance in test/topology.
 */
import { describe, expect, it } from 'vitest';
import { alertRules, dashboardQueries, metricNames } from './deploy-files';

describe('the shipped monitoring files', () => {
  it('every alert rule has a name, a query over our metrics, a duration, a severity and a summary', () => {
    const rules = alertRules();
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining(['AttNoJobsLeader', 'AttIndexerLagging', 'AttKeeperBalanceLow', 'AttOutboxBacklog']),
    );
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining(['AttServerErrors', 'AttDependencyDown', 'AttInstanceDown']),
    );
    for (const r of rules) {
      expect(r.alert, JSON.stringify(r)).toMatch(/^Att[A-Za-z]+$/);
      expect(r.for, r.alert).toMatch(/^\d+[smh]$/);
      expect(['page', 'warn'], r.alert).toContain(r.labels?.severity);
      expect(r.annotations?.summary, r.alert).toBeTruthy();
      if (r.alert !== 'AttInstanceDown') expect(metricNames(r.expr), r.alert).not.toEqual([]);
    }
  });

  it('every dashboard panel queries our metrics', () => {
    const queries = dashboardQueries();
    expect(queries.length).toBeGreaterThan(10);
    for (const q of queries) expect(metricNames(q.expr), q.title).not.toEqual([]);
  });
});
