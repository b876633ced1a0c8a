import type { DatasetSummary } from './types';

export interface DatasetOptions {
  /** Extra tenant users, spread over the demo companies and the extra ones. */
  users: number;
  companies: number;
  /** Access tokens (each with its refresh token) per extra user: a few live, one expired, one revoked. */
  tokensPerUser: number;
}

type OwnerQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Grows the seeded demo database so that the tables a request touches (users, roles, permissions,
 * memberships, preferences, tokens) are not trivially small. Plain SQL as the database owner: creating
 * 1,000 users through the API would spend minutes hashing passwords with argon2id. Every extra user
 * shares the Acme tenant's password hash and permissions, so any of them can sign in with its password.
 */
export async function loadDataset(query: OwnerQuery, options: DatasetOptions): Promise<DatasetSummary> {
  const tokenHash = `encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex')`;
  await query(`
    INSERT INTO companies (name, schema_suffix, email, city, country)
    SELECT 'Bench Company ' || g, 'bench_company_' || g, 'ops@bench-' || g || '.test', 'Austin', 'US'
    FROM generate_series(1, $1::int) g`, [options.companies]);
  await query(`
    INSERT INTO users (name, email, password_hash, language)
    SELECT 'Bench User ' || g, 'bench-user-' || g || '@bench.test',
      (SELECT password_hash FROM users WHERE email = 'tenant@acme.test'), CASE WHEN g % 4 = 0 THEN 'sp' ELSE 'en' END
    FROM generate_series(1, $1::int) g`, [options.users]);
  await query(`
    CREATE TEMP TABLE bench_users ON COMMIT PRESERVE ROWS AS
    SELECT u.id, c.id AS company_id
    FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'bench-user-%@bench.test') u
    JOIN (SELECT id, row_number() OVER (ORDER BY created_at, name) - 1 AS k, count(*) OVER () AS total FROM companies) c
      ON c.k = u.n % c.total`);
  await query(`INSERT INTO user_roles (user_id, role, position) SELECT id, 'tenant', 0 FROM bench_users`);
  await query(`
    INSERT INTO user_permissions (user_id, permission_id)
    SELECT b.id, up.permission_id FROM bench_users b
    CROSS JOIN user_permissions up JOIN users t ON t.id = up.user_id AND t.email = 'tenant@acme.test'`);
  await query(`INSERT INTO company_users (company_id, user_id) SELECT company_id, id FROM bench_users`);
  await query(`
    INSERT INTO preferences (user_id, key, value)
    SELECT id, 'theme', '{"color":"teal","dark":true,"rtl":false,"collapsed":false,"animation":"fadeIn","sidebarImage":2}'::jsonb FROM bench_users
    UNION ALL SELECT id, 'grids', '{"orders":{"per_page":50,"columns":["number","status","total"]}}'::jsonb FROM bench_users`);
  await query(`
    CREATE TEMP TABLE bench_tokens ON COMMIT PRESERVE ROWS AS
    SELECT gen_random_uuid() AS id, b.id AS user_id, b.company_id, g AS n
    FROM bench_users b CROSS JOIN generate_series(1, $1::int) g`, [options.tokensPerUser]);
  // Token n = 1 is expired and n = 2 revoked, like the leftovers of real sessions; the others are live.
  await query(`
    INSERT INTO oauth_access_tokens (id, token_hash, client_id, user_id, company_id, expires_at, revoked_at, created_at)
    SELECT id, ${tokenHash}, 'omnio-web', user_id, company_id,
      CASE WHEN n = 1 THEN now() - interval '1 day' ELSE now() + interval '1 hour' END,
      CASE WHEN n = 2 THEN now() - interval '1 hour' END,
      now() - (n || ' hours')::interval
    FROM bench_tokens`);
  await query(`
    INSERT INTO oauth_refresh_tokens (token_hash, family_id, access_token_id, client_id, user_id, company_id, expires_at, revoked_at)
    SELECT ${tokenHash}, gen_random_uuid(), id, 'omnio-web', user_id, company_id, now() + interval '30 days',
      CASE WHEN n = 2 THEN now() - interval '1 hour' END
    FROM bench_tokens`);
  await query('DROP TABLE bench_tokens; DROP TABLE bench_users');
  await query('ANALYZE');
  const [counts] = await query(`
    SELECT (SELECT count(*) FROM companies)::int AS companies, (SELECT count(*) FROM users)::int AS users,
      (SELECT count(*) FROM oauth_access_tokens)::int AS access_tokens, (SELECT count(*) FROM oauth_refresh_tokens)::int AS refresh_tokens,
      (SELECT count(*) FROM user_permissions)::int AS user_permissions, (SELECT count(*) FROM preferences)::int AS preferences`);
  return {
    companies: Number(counts?.companies),
    users: Number(counts?.users),
    accessTokens: Number(counts?.access_tokens),
    refreshTokens: Number(counts?.refresh_tokens),
    userPermissions: Number(counts?.user_permissions),
    preferences: Number(counts?.preferences),
  };
}
