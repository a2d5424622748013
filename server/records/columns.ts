/** A records row as the API answers it, timestamps in UTC ISO 8601. */
export const RECORD_COLUMNS = `id, unit_id, record_type, data,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;
