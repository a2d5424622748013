import type { ApiUser, UserType } from '../../shared/api.ts';
import type { Queryable } from '../db/index.ts';

interface UserRow {
  id: number;
  type: Exclude<UserType, 'none'>;
  first_name: string;
  last_name: string;
  username: string;
  password_hash: string;
  access_to: Record<string, boolean>;
  business_id: number;
  business_name: string;
  business_type: 'farm' | 'company';
  business_sub_type: number;
  provider_id: number | null;
  provider_reference: string | null;
}

export interface StoredUser {
  user: ApiUser;
  passwordHash: string;
}

const USER_COLUMNS = `
  u.id, u.type, u.first_name, u.last_name, u.username, u.password_hash, u.access_to,
  b.id as business_id, b.name as business_name, b.type as business_type,
  b.sub_type as business_sub_type, p.id as provider_id, p.reference as provider_reference`;

const USER_FROM = `
  from users u
  join businesses b on b.id = u.business_id
  left join providers p on p.id = b.provider_id`;

function toStoredUser(row: UserRow): StoredUser {
  return {
    passwordHash: row.password_hash,
    user: {
      id: row.id,
      type: row.type,
      first_name: row.first_name,
      last_name: row.last_name,
      username: row.username,
      business: {
        id: row.business_id,
        name: row.business_name,
        type: row.business_type,
        sub_type: row.business_sub_type,
      },
      provider:
        row.provider_id === null || row.provider_reference === null
          ? null
          : { id: row.provider_id, reference: row.provider_reference },
      accessTo: row.access_to,
    },
  };
}

export async function findUserByUsername(
  db: Queryable,
  username: string,
): Promise<StoredUser | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} ${USER_FROM} where u.username = $1`,
    [username.trim().toLowerCase()],
  );
  return rows[0] ? toStoredUser(rows[0]) : null;
}

export async function findUserById(db: Queryable, id: number): Promise<ApiUser | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} ${USER_FROM} where u.id = $1`, [
    id,
  ]);
  return rows[0] ? toStoredUser(rows[0]).user : null;
}

export interface TokenOwner {
  user: ApiUser;
  secret: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** The user behind an auth token's key, with the token's secret and expiry. */
export async function findTokenOwner(db: Queryable, key: string): Promise<TokenOwner | null> {
  const { rows } = await db.query<UserRow & { secret: string; expires_at: number }>(
    `select t.secret, extract(epoch from t.expires_at)::float8 as expires_at, ${USER_COLUMNS}
     ${USER_FROM}
     join auth_tokens t on t.user_id = u.id
     where t.key = $1`,
    [key],
  );
  const row = rows[0];
  if (!row) return null;
  return { user: toStoredUser(row).user, secret: row.secret, expiresAt: row.expires_at };
}
