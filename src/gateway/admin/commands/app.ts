import { type AdminCommand, AdminError, requireInt, requireString } from '../command';

export const appCreate: AdminCommand = {
  usage: 'app create --name NAME',
  options: { name: { type: 'string' } },
  async run(services, args) {
    return { ...(await services.applications.create(requireString(args, 'name'))) };
  },
};

export const appList: AdminCommand = {
  usage: 'app list',
  options: {},
  async run(services) {
    return { applications: await services.applications.list() };
  },
};

function setDisabled(disabled: boolean): AdminCommand {
  return {
    usage: `app ${disabled ? 'disable' : 'enable'} --appid N`,
    options: { appid: { type: 'string' } },
    async run(services, args) {
      const appid = requireInt(args, 'appid');
      if (!(await services.applications.setDisabled(appid, disabled))) throw new AdminError(`no application ${appid}`);
      return { appid, disabled };
    },
  };
}
export const appDisable = setDisabled(true);
export const appEnable = setDisabled(false);

export const appRotateSecret: AdminCommand = {
  usage: 'app rotate-secret --appid N',
  options: { appid: { type: 'string' } },
  async run(services, args) {
    const appid = requireInt(args, 'appid');
    const secret = await services.applications.rotateSecret(appid);
    if (!secret) throw new AdminError(`no application ${appid}`);
    return { appid, secret };
  },
};

export const appRotateKey: AdminCommand = {
  usage: 'app rotate-key --appid N',
  options: { appid: { type: 'string' } },
  async run(services, args) {
    const appid = requireInt(args, 'appid');
    const appKey = await services.applications.rotateAppKey(appid);
    if (!appKey) throw new AdminError(`no application ${appid}`);
    return { appid, appKey };
  },
};
