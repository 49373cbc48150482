/**
 * OpenAPI security schemes for the L1 and L2 headers. OpenAPI `apiKey` schemes name one
 * header each, so a route's requirement lists several (all required together). The `POLY_`
 * aliases are accepted too (SIBYL_HEADER_PREFIXES) but documented once here.
 */
const header = (name: string, description: string) => ({ type: 'apiKey' as const, in: 'header' as const, name, description });

export const AUTH_SECURITY_SCHEMES = {
  svcAddress: header('SVC_ADDRESS', 'Wallet address (EIP-55 checksummed for L2). Alias POLY_ADDRESS.'),
  svcSignature: header('SVC_SIGNATURE', 'L1: EIP-712 ClobAuth signature. L2: HMAC-SHA256 (hex or base64url) of timestamp + METHOD + path + body. Alias POLY_SIGNATURE.'),
  svcTimestamp: header('SVC_TIMESTAMP', 'Unix seconds, within ±SIBYL_AUTH_WINDOW_S of GET /time. Alias POLY_TIMESTAMP.'),
  svcNonce: header('SVC_NONCE', 'L1 only: the key nonce (default 0). Alias POLY_NONCE.'),
  svcApiKey: header('SVC_API_KEY', 'L2: the API key. Alias POLY_API_KEY.'),
  svcPassphrase: header('SVC_PASSPHRASE', 'L2: the API passphrase. Alias POLY_PASSPHRASE.'),
};

/** Route `security` value for L1 (wallet-signed) routes. */
export const L1_SECURITY = [{ svcAddress: [], svcSignature: [], svcTimestamp: [], svcNonce: [] }];
/** Route `security` value for L2 (HMAC) routes. */
export const L2_SECURITY = [{ svcAddress: [], svcApiKey: [], svcPassphrase: [], svcTimestamp: [], svcSignature: [] }];
