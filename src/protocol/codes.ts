/**
 * The one catalog of gateway outcome codes (`gateway_res_code`), DESIGN.md §1.
 * Numbers follow the ShowAPI family so existing clients read them unchanged.
 * Each entry carries the HTTP status that mirrors its class and the message
 * written into `gateway_res_error` (Chinese first, English after, for both audiences).
 */
export const codes = {
  OK: { code: 0, http: 200, message: '' },
  INTERNAL: { code: -1, http: 500, message: '内部错误 (internal error)' },
  TIMEOUT: { code: -3, http: 504, message: '识别或读取超时 (recognition or upstream read time-out)' },
  NOT_FOUND: { code: -6, http: 404, message: '接入点不存在或未上线 (access point does not exist or is offline)' },
  OVERLOADED: { code: -7, http: 503, message: '网关繁忙，请稍后再试 (gateway overloaded, try again later)' },
  APPID_REQUIRED: { code: -1002, http: 401, message: '缺少 gateway_appid (gateway_appid required)' },
  SIGN_REQUIRED: { code: -1003, http: 401, message: '缺少 gateway_sign (gateway_sign required)' },
  SIGN_INVALID: { code: -1004, http: 401, message: '签名错误 (signature invalid)' },
  TIMESTAMP_INVALID: {
    code: -1005,
    http: 401,
    message: 'gateway_timestamp 无效或超出允许时间窗 (timestamp invalid or outside the allowed window)',
  },
  NOT_PERMITTED: { code: -1006, http: 403, message: '无权调用该接入点 (caller not permitted to use this access point)' },
  LIMITED: { code: -1009, http: 429, message: '超出调用频率或并发限制 (rate or concurrency limit reached)' },
  APP_INVALID: { code: -1010, http: 401, message: '应用不存在或 appKey 无效 (application not found / appKey invalid)' },
  TOKEN_INVALID: { code: -1012, http: 401, message: '子授权 token 已过期或无效 (sub-authorization token expired or invalid)' },
  IP_REFUSED: { code: -1013, http: 403, message: '调用方 IP 不在白名单内 (caller IP not in the token ip_white_list)' },
  TOKEN_NO_PERMISSION: {
    code: -1014,
    http: 403,
    message: '子授权无权调用该接入点 (token has no permission for this access point)',
  },
  PARAM_INVALID: { code: -1100, http: 400, message: '请求参数错误 (request parameter invalid)' },
  INPUT_TOO_LARGE: { code: -1101, http: 413, message: '输入过大 (input too large)' },
  INPUT_UNREADABLE: {
    code: -1102,
    http: 400,
    message: '输入无法获取或解码 (input could not be fetched or decoded)',
  },
} as const satisfies Record<string, { code: number; http: number; message: string }>;

export type CodeName = keyof typeof codes;
export type GatewayCode = (typeof codes)[CodeName]['code'];

const byNumber = new Map<number, CodeName>(
  (Object.keys(codes) as CodeName[]).map((name) => [codes[name].code, name]),
);

/** The catalog entry for a numeric code, or undefined for a number the catalog does not know. */
export function codeName(code: number): CodeName | undefined {
  return byNumber.get(code);
}

/**
 * Business outcome codes (`gateway_res_body.ret_code`). The gateway answered (code 0), but the
 * operation did not do what was asked; `remark` says why.
 */
export const retCodes = {
  OK: 0,
  /** The operation was refused by the business rules (duplicate out_code, unknown out_code...). */
  REFUSED: -1,
  /** Recognition ran but the input is not the document the access point reads. */
  WRONG_DOCUMENT: -2,
} as const;
