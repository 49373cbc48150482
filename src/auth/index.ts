/** Authentication (L1 wallet signatures, L2 HMAC, builder headers, API keys): the public surface. */
export { createAuthService, authOf, type AuthService } from './service.js';
export type { AuthContext } from './l2.js';
export { INVALID_API_KEY } from './l2.js';
export type { L1Identity } from './l1.js';
export { Credentials } from './credentials.js';
export { L1_SECURITY, L2_SECURITY, AUTH_SECURITY_SCHEMES } from './openapi.js';
