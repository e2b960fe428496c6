// @ts-check
// Command-line options of perf/chaos/index.js, read and checked once: a bad
// one is one line on stderr and exit code 1; --help prints the usage.
import path from 'node:path';
import { ROOT } from '../../server/paths.js';
import { parseEnv, readToolOptions } from '../lib/tool-options.js';

/**
 * @param {string[]} argv
 * @param {string[]} names the scenarios there are
 */
export function readChaosOptions(argv, names) {
  const usage = `npm run perf:chaos -- [options]
  --scenario NAME   run one scenario (${names.join(', ')}); default: all
  --duration 10     seconds of load per scenario (sigterm: until the app exits)
  --json FILE       write every figure as JSON
  --app-dir DIR     run the app of another checkout (its own bundle), e.g. the code before a change
  --env 'K=v ...'   extra environment of the app (e.g. OVERLOAD_MAX_IN_FLIGHT=0)
  --connections N   the load's concurrency instead of the scenario's (e.g. 100 beside overload's 1000)
  --fleet N         through a fleet of N instances behind nginx (npm run fleet's, with its edge
                    shedding at its defaults); the scenario's load goes to nginx
  --instance-conns N  with --fleet: nginx's bound on requests in flight per instance (fleet's --instance-conns)
  --no-pin          no taskset`;
  return readToolOptions(argv, {
    tool: 'perf:chaos',
    usage,
    options: {
      scenario: { type: 'string' },
      duration: { type: 'string', default: '10' },
      json: { type: 'string' },
      'app-dir': { type: 'string' },
      env: { type: 'string', default: '' },
      'no-pin': { type: 'boolean', default: false },
      connections: { type: 'string' },
      fleet: { type: 'string', default: '0' },
      'instance-conns': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    read: (values, problems) => {
      const duration = Number(values.duration);
      if (!Number.isFinite(duration) || duration < 1 || duration > 120)
        problems.push(`--duration must be a number of seconds from 1 to 120, got ${values.duration}`);
      if (values.scenario !== undefined && !names.includes(values.scenario))
        problems.push(`--scenario must be one of ${names.join(', ')}, got ${values.scenario}`);
      const env = parseEnv(String(values.env), problems);
      const connections = values.connections === undefined ? null : Number(values.connections);
      if (connections !== null && (!Number.isInteger(connections) || connections < 1 || connections > 10000))
        problems.push(`--connections must be 1 to 10000, got ${values.connections}`);
      const fleet = Number(values.fleet);
      if (!Number.isInteger(fleet) || fleet < 0 || fleet > 8)
        problems.push(`--fleet must be 0 to 8, got ${values.fleet}`);
      if (fleet > 0 && values['app-dir'] !== undefined) problems.push('--fleet runs this checkout: no --app-dir');
      const instanceConns = values['instance-conns'] === undefined ? null : Number(values['instance-conns']);
      if (instanceConns !== null && (!Number.isInteger(instanceConns) || instanceConns < 0 || fleet === 0))
        problems.push(`--instance-conns must be a whole number, with --fleet, got ${values['instance-conns']}`);
      return {
        scenarios: values.scenario ? [values.scenario] : names,
        durationS: duration,
        json: values.json ?? null,
        appDir: path.resolve(values['app-dir'] ?? ROOT),
        env,
        pin: !values['no-pin'],
        connections,
        fleet,
        instanceConns,
      };
    },
  });
}
