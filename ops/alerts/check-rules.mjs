// Checks a Prometheus rules file: its shape (groups of alerting rules, each with alert, expr,
// for, a severity label and a summary) and every expression, parsed with the PromQL grammar the
// Prometheus UI uses (@prometheus-io/lezer-promql). Prints one line per problem and exits 1 if
// there is any. With --metrics, prints the metric names the expressions use, one per line.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { parser } from '@prometheus-io/lezer-promql';

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: check-rules.mjs RULES.yml [--metrics]');
  process.exit(2);
}
const problems = [];
const metrics = new Set();
const rules = parse(readFileSync(file, 'utf8'));
const groups = rules?.groups;
if (!Array.isArray(groups) || groups.length === 0) {
  problems.push('no groups');
}
for (const group of groups ?? []) {
  if (!group.name || !Array.isArray(group.rules) || group.rules.length === 0) {
    problems.push(`group ${group.name ?? '(unnamed)'}: needs a name and rules`);
    continue;
  }
  for (const rule of group.rules) {
    const where = `${group.name}/${rule.alert ?? '(no alert name)'}`;
    for (const field of ['alert', 'expr', 'for']) {
      if (!rule[field]) problems.push(`${where}: no ${field}`);
    }
    if (rule.for && !/^\d+[smhd]$/.test(rule.for)) problems.push(`${where}: 'for' is not a duration: ${rule.for}`);
    if (!['page', 'ticket'].includes(rule.labels?.severity)) problems.push(`${where}: severity must be page or ticket`);
    if (!rule.annotations?.summary) problems.push(`${where}: no summary`);
    if (!rule.expr) continue;
    const expr = String(rule.expr);
    const tree = parser.parse(expr);
    tree.iterate({
      enter(node) {
        if (node.type.isError) {
          problems.push(`${where}: PromQL does not parse at ${node.from}: ...${expr.slice(node.from, node.from + 20)}`);
        }
        if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') {
          metrics.add(expr.slice(node.from, node.to));
        }
      },
    });
  }
}
if (flags.includes('--metrics')) {
  for (const metric of [...metrics].sort()) console.log(metric);
}
for (const problem of problems) console.error(problem);
process.exit(problems.length === 0 ? 0 : 1);
