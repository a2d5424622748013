-- Which notices a user wants from each provider they deal with.
create table notification_settings (
  user_id integer not null references users (id) on delete cascade,
  provider_id integer not null references providers (id) on delete cascade,
  settings jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, provider_id)
);
