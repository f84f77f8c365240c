import { formatShanghaiTime } from '../../../protocol/subauth';
import { type AdminCommand, optionalInt } from '../command';

export const auditList: AdminCommand = {
  usage: 'audit list [--appid N] [--out-code CODE] [--point P-N] [--since-minutes M] [--limit 100]',
  options: {
    appid: { type: 'string' },
    'out-code': { type: 'string' },
    point: { type: 'string' },
    'since-minutes': { type: 'string' },
    limit: { type: 'string' },
  },
  async run(services, args) {
    const minutes = optionalInt(args, 'since-minutes');
    const rows = await services.audit.list({
      appid: optionalInt(args, 'appid'),
      outCode: typeof args['out-code'] === 'string' ? args['out-code'] : undefined,
      point: typeof args.point === 'string' ? args.point : undefined,
      since: minutes === undefined ? undefined : Date.now() - minutes * 60_000,
      limit: Math.min(optionalInt(args, 'limit') ?? 100, 10_000),
    });
    return { rows: rows.map((r) => ({ ...r, time: formatShanghaiTime(r.at) })) };
  },
};
