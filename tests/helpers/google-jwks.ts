import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export const TEST_GOOGLE_CLIENT_ID = 'porchlight-test.apps.googleusercontent.com';

export interface GoogleStub {
  /** GOOGLE_JWKS_URL for the app. */
  jwksUrl: string;
  /** Signs an ID token with the served key; claims override the valid defaults. */
  sign(claims?: JWTPayload & Record<string, unknown>, options?: { expiresIn?: string | number; key?: 'served' | 'stranger'; alg?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * Google's JWKS stand-in: a locally generated RS256 key pair, its public half served as a JWKS
 * on loopback, and a signer for ID tokens with any fault a test wants (docs/security.md 12).
 */
export async function startGoogleStub(): Promise<GoogleStub> {
  const served = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(served.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    async sign(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload & Record<string, unknown> = {
        iss: 'https://accounts.google.com',
        aud: TEST_GOOGLE_CLIENT_ID,
        sub: '100000000000000000001',
        email: 'google.user@gmail.com',
        email_verified: true,
        name: 'Google User',
        iat: now,
        ...claims,
      };
      const key = options.key === 'stranger' ? stranger.privateKey : served.privateKey;
      const jwt = new SignJWT(payload).setProtectedHeader({ alg: options.alg ?? 'RS256', kid: 'test-key-1', typ: 'JWT' });
      if (payload.exp === undefined) jwt.setExpirationTime(options.expiresIn ?? '1h');
      return jwt.sign(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
