/**
 * The files an operator copies from `deploy/`, read as their tools read them: the Prometheus alert rules (YAML) and
 * the Grafana dashboard (JSON), and the metric names each one's queries use.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { repoRoot } from '../src/command';

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string };
}

export function alertRules(): AlertRule[] {
  const doc = load(readFileSync(path.join(repoRoot, 'deploy', 'prometheus', 'att-alerts.yml'), 'utf8')) as {
    groups: { name: string; rules: AlertRule[] }[];
  };
  return doc.groups.flatMap((g) => g.rules);
}

export function dashboardQueries(): { title: string; expr: string }[] {
  const d = JSON.parse(readFileSync(path.join(repoRoot, 'deploy', 'grafana', 'att-market.json'), 'utf8')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  return d.panels.flatMap((p) => p.targets.map((t) => ({ title: p.title, expr: t.expr })));
}

/** The server's metric names a query reads (`att_…`; Prometheus's own `up` is not the server's). */
export const metricNames = (expr: string): string[] => [...new Set(expr.match(/\batt_[a-z0-9_]+/g) ?? [])];
