// A fault run (docs/reliability.md): two web processes and a worker on a throwaway PostgreSQL
// cluster under a mixed load, while PostgreSQL restarts twice and one web process is killed.
//   npm run bench:faults                      (60 s, 100 connections)
//   FAULT_RUN_SECONDS=20 FAULT_RUN_CONNECTIONS=30 npm run bench:faults
// Needs the build (`npm run build`) and PostgreSQL's initdb and pg_ctl.
import { runFaultRun } from '~tests/support/fault-run.ts';

const seconds = Number(process.env.FAULT_RUN_SECONDS ?? 60);
const connections = Number(process.env.FAULT_RUN_CONNECTIONS ?? 100);
const report = await runFaultRun({
  seconds,
  connections,
  log: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
const goals: [string, boolean][] = [
  ['process exits: 0', report.unexpectedExits.length === 0],
  ['5xx outside the outage windows: 0', report.serverErrorsOutsideOutages === 0],
  ['recovery within 5 s of PostgreSQL', report.recoveryMs.every((ms) => ms <= 5000)],
  ['acknowledged writes lost: 0', report.writesLost === 0],
  ['mails sent twice: 0', report.mailsSentTwice === 0],
  ['mails missing: 0', report.mailsMissing === 0],
];
for (const [goal, met] of goals) process.stdout.write(`${met ? 'met    ' : 'MISSED '} ${goal}\n`);
process.exitCode = goals.every(([, met]) => met) ? 0 : 1;
