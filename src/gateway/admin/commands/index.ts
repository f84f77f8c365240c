import type { AdminCommand } from '../command';
import { appCreate, appDisable, appEnable, appList, appRotateKey, appRotateSecret, appSet } from './app';
import { auditList } from './audit';
import { postalImport, postalStats } from './postal';

/** Every admin command by `group verb`. */
export const adminCommands: Record<string, AdminCommand> = {
  'app create': appCreate,
  'app list': appList,
  'app disable': appDisable,
  'app enable': appEnable,
  'app rotate-secret': appRotateSecret,
  'app rotate-key': appRotateKey,
  'app set': appSet,
  'audit list': auditList,
  'postal import': postalImport,
  'postal stats': postalStats,
};
