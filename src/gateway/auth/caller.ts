import type { SubAuth } from '../store/sub-auths';

export type AuthMode = 'appkey' | 'signature' | 'token';

/** Who is calling, once authenticated. A token caller acts for its application. */
export interface Caller {
  mode: AuthMode;
  appid: number;
  /** present in token mode */
  subAuth?: SubAuth;
}
