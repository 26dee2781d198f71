import { type Kysely, sql } from 'kysely';

/**
 * Trade-only lists (issue 32, docs/decisions/0180). A list is public or trade only; a trade-only
 * list's versions keep their link, description and validity dates in `trade_contents`, never in
 * `posts`, whose columns stay blank ('' and null). A read that forgets the access rule therefore
 * finds nothing to leak: only `trade_contents_for(viewer)` opens the sealed rows, and only to the
 * list's owner and the members the owner approved (`trade_requests.state = 'approved'`).
 *
 * The database keeps the rule whoever writes: a post inserted into a trade-only list, or given a
 * link or description while in one, is sealed by a trigger; a list turned trade only seals its
 * versions, a list made public again unseals them, in the same statement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table lists add column audience text not null default 'public' check (audience in ('public', 'trade'))`.execute(
    db,
  );
  await sql`
    alter table users
      add column default_audience text not null default 'public' check (default_audience in ('public', 'trade')),
      -- Whether the businesses this person follows see their name and business; null: never chosen.
      add column shown_to_followed boolean,
      add column business_name text check (char_length(business_name) between 1 and 80)`.execute(db);

  await sql`
    create table trade_contents (
      post_id bigint primary key references posts (id) on delete cascade deferrable initially deferred,
      url text not null check (char_length(url) <= 500),
      description text not null,
      valid_from text check (valid_from ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      valid_until text check (valid_until ~ '^\\d{4}-\\d{2}-\\d{2}$')
    )`.execute(db);

  await sql`
    create table trade_requests (
      owner_id uuid not null references users (id) on delete cascade,
      member_id uuid not null references users (id) on delete cascade,
      business_name text not null check (char_length(business_name) between 1 and 80),
      note text not null default '' check (char_length(note) <= 500),
      state text not null check (state in ('pending', 'approved', 'declined')),
      created_at bigint not null,
      decided_at bigint,
      primary key (owner_id, member_id),
      check (owner_id <> member_id)
    )`.execute(db);
  await sql`create index trade_requests_pending_idx on trade_requests (owner_id, created_at desc) where state = 'pending'`.execute(
    db,
  );
  await sql`create index trade_requests_member_idx on trade_requests (member_id)`.execute(db);

  // The one access rule: the owner, and the members the owner approved. No one else, no visitor.
  await sql`
    create function trade_access(owner uuid, viewer uuid) returns boolean language sql stable as $$
      select viewer is not null and (owner = viewer or exists (
        select 1 from trade_requests a where a.owner_id = owner and a.member_id = viewer and a.state = 'approved'))
    $$`.execute(db);
  // The only way to the sealed columns: the rows of trade_contents the viewer may read.
  await sql`
    create function trade_contents_for(viewer uuid)
    returns table (post_id bigint, url text, description text, valid_from text, valid_until text)
    language sql stable as $$
      select c.post_id, c.url, c.description, c.valid_from, c.valid_until
      from trade_contents c join posts p on p.id = c.post_id
      where trade_access(p.user_id, viewer)
    $$`.execute(db);

  // A version of a trade-only list keeps its contents sealed, whoever inserts or changes it.
  await sql`
    create function trade_seal_post() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from lists l where l.id = new.list_id and l.audience = 'trade') then
        return new;
      end if;
      if tg_op = 'INSERT' then
        insert into trade_contents (post_id, url, description, valid_from, valid_until)
        values (new.id, new.url, new.description, new.valid_from, new.valid_until)
        on conflict (post_id) do update set url = excluded.url, description = excluded.description,
          valid_from = excluded.valid_from, valid_until = excluded.valid_until;
      else
        insert into trade_contents (post_id, url, description, valid_from, valid_until)
        values (new.id, new.url, new.description, new.valid_from, new.valid_until)
        on conflict (post_id) do update set
          url = case when new.url is distinct from old.url then new.url else trade_contents.url end,
          description = case when new.description is distinct from old.description then new.description
            else trade_contents.description end,
          valid_from = case when new.valid_from is distinct from old.valid_from then new.valid_from
            else trade_contents.valid_from end,
          valid_until = case when new.valid_until is distinct from old.valid_until then new.valid_until
            else trade_contents.valid_until end;
      end if;
      new.url := '';
      new.description := '';
      new.valid_from := null;
      new.valid_until := null;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger posts_trade_seal_insert before insert on posts for each row
    when (new.url <> '' or new.description <> '' or new.valid_from is not null or new.valid_until is not null)
    execute function trade_seal_post()`.execute(db);
  await sql`
    create trigger posts_trade_seal_update before update of url, description, valid_from, valid_until, list_id on posts
    for each row when (new.url <> '' or new.description <> '' or new.valid_from is not null or new.valid_until is not null)
    execute function trade_seal_post()`.execute(db);

  // A list changing audience seals or unseals all its versions.
  await sql`
    create function trade_list_audience_changed() returns trigger language plpgsql as $$
    begin
      if new.audience = 'trade' then
        update posts set url = url where list_id = new.id;
      else
        update posts p set url = c.url, description = c.description, valid_from = c.valid_from, valid_until = c.valid_until
        from trade_contents c where c.post_id = p.id and p.list_id = new.id;
        delete from trade_contents c using posts p where p.id = c.post_id and p.list_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger lists_trade_audience after update of audience on lists for each row
    when (new.audience is distinct from old.audience)
    execute function trade_list_audience_changed()`.execute(db);
  // A public page shows a list's audience ("Trade only"): its stored pages are rendered again.
  await sql`create trigger lists_pages_audience after update of audience on lists
    for each row when (new.audience is distinct from old.audience) execute function pages_of_owner_changed()`.execute(db);

  // Cached reads show both (docs/decisions/0065): a change must reach every process.
  for (const table of ['trade_contents', 'trade_requests']) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function freshlist_notify_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists lists_pages_audience on lists`.execute(db);
  await sql`drop trigger if exists lists_trade_audience on lists`.execute(db);
  await sql`drop trigger if exists posts_trade_seal_update on posts`.execute(db);
  await sql`drop trigger if exists posts_trade_seal_insert on posts`.execute(db);
  // Unseal every version before the sealed table goes.
  await sql`
    update posts p set url = c.url, description = c.description, valid_from = c.valid_from, valid_until = c.valid_until
    from trade_contents c where c.post_id = p.id`.execute(db);
  await sql`drop function if exists trade_list_audience_changed()`.execute(db);
  await sql`drop function if exists trade_seal_post()`.execute(db);
  await sql`drop function if exists trade_contents_for(uuid)`.execute(db);
  await sql`drop function if exists trade_access(uuid, uuid)`.execute(db);
  await sql`drop table if exists trade_requests`.execute(db);
  await sql`drop table if exists trade_contents`.execute(db);
  await sql`alter table users drop column if exists business_name, drop column if exists shown_to_followed,
    drop column if exists default_audience`.execute(db);
  await sql`alter table lists drop column if exists audience`.execute(db);
}
