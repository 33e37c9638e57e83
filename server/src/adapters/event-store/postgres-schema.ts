/**
 * DDL of the PostgreSQL event store (the same on PGlite and on a real server). See docs/event-store.md.
 *
 * - `es_events` rows carry the writing transaction's id (`xid8`) beside a global `position`; readAll
 *   orders by (transaction_id, position) and only returns transactions older than every transaction
 *   still running, so an event can never appear behind a checkpoint that was already handed out.
 * - The primary key (stream_id, revision) is the per-stream concurrency control: two appends at the
 *   same revision meet on one index entry, the second waits for the first and fails if it commits.
 * - `es_append` does the whole append in one round trip. Only when it fails (unique violation or a
 *   revision mismatch) does `es_append_conflict` decide between "a retried append: here is its
 *   original result", "lost a race, try again" (expected revision any / stream_exists) and a conflict.
 */

/** SQLSTATE raised when the expected revision does not hold. */
export const WRONG_EXPECTED_REVISION = 'ES409';
/** SQLSTATE raised when an append's condition stream is no longer at the revision given. */
export const CONDITION_FAILED = 'ES412';
/** SQLSTATE raised when an event id is already stored in another stream. */
export const DUPLICATE_EVENT_ID = 'ES422';

export const EVENT_STORE_DDL: readonly string[] = [
  `create table if not exists es_events (
    stream_id text collate "C" not null,
    revision bigint not null,
    position bigint generated always as identity,
    transaction_id xid8 not null default pg_current_xact_id(),
    event_id uuid not null,
    type text not null,
    data jsonb not null,
    metadata jsonb not null,
    created_at timestamptz not null default now(),
    constraint es_events_pkey primary key (stream_id, revision),
    constraint es_events_event_id_key unique (event_id)
  )`,
  `create index if not exists es_events_commit_order on es_events (transaction_id, position)`,

  // Returns the original result when the events were all appended before, exactly like this
  // (a retried request); returns no row when an any/stream_exists append only lost a race; raises otherwise.
  `create or replace function es_append_conflict(p_stream text, p_expected text, p_events jsonb)
  returns table (next_revision bigint, last_checkpoint text)
  language plpgsql as $fn$
  declare
    v_count int := jsonb_array_length(p_events);
    v_found int;
    v_min_offset bigint;
    v_max_offset bigint;
    v_first bigint;
    v_other_id text;
    v_other_stream text;
    v_actual bigint;
  begin
    select count(*), min(x.revision - e.ord), max(x.revision - e.ord)
      into v_found, v_min_offset, v_max_offset
      from jsonb_array_elements(p_events) with ordinality as e(value, ord)
      join es_events x on x.event_id = (e.value->>'id')::uuid and x.stream_id = p_stream;

    if v_found = v_count and v_min_offset = v_max_offset then
      v_first := v_min_offset + 1;
      if p_expected = 'any'
         or (p_expected = 'no_stream' and v_first = 0)
         or (p_expected = 'stream_exists' and v_first > 0)
         or (p_expected ~ '^[0-9]+$' and v_first = p_expected::bigint + 1) then
        return query
          select x.revision, x.transaction_id::text || ':' || x.position::text
            from es_events x
           where x.stream_id = p_stream and x.revision = v_first + v_count - 1;
        return;
      end if;
    end if;

    select x.event_id::text, x.stream_id into v_other_id, v_other_stream
      from jsonb_array_elements(p_events) as e(value)
      join es_events x on x.event_id = (e.value->>'id')::uuid and x.stream_id <> p_stream
     limit 1;
    if v_other_id is not null then
      raise exception using
        errcode = 'ES422',
        message = format('event id %s is already stored in stream %s', v_other_id, v_other_stream),
        detail = v_other_stream;
    end if;

    select max(x.revision) into v_actual from es_events x where x.stream_id = p_stream;
    if v_found = 0 and (p_expected = 'any' or (p_expected = 'stream_exists' and v_actual is not null)) then
      return;
    end if;
    raise exception using
      errcode = 'ES409',
      message = format('wrong expected revision %s for stream %s', p_expected, p_stream),
      detail = coalesce(v_actual::text, 'no_stream'),
      hint = case when v_found > 0 then 'already_stored' else '' end;
  end
  $fn$`,

  `create or replace function es_append(p_stream text, p_expected text, p_events jsonb)
  returns table (next_revision bigint, last_checkpoint text)
  language plpgsql as $fn$
  declare
    v_current bigint; -- the stream's last revision before this append; -1 for a new stream
    v_inserted int;
  begin
    if p_expected = 'no_stream' then
      v_current := -1;
    elsif p_expected = 'any' or p_expected = 'stream_exists' then
      select max(revision) into v_current from es_events where stream_id = p_stream;
      if v_current is null then
        if p_expected = 'stream_exists' then
          return query select * from es_append_conflict(p_stream, p_expected, p_events);
          return;
        end if;
        v_current := -1;
      end if;
    else
      v_current := p_expected::bigint;
    end if;

    -- A stream that moved past v_current makes this insert hit the primary key (unique violation).
    insert into es_events (stream_id, revision, event_id, type, data, metadata)
    select p_stream, v_current + e.ord, (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
      from jsonb_array_elements(p_events) with ordinality as e(value, ord)
     where v_current < 0 or exists (select from es_events x where x.stream_id = p_stream and x.revision = v_current);
    get diagnostics v_inserted = row_count;
    if v_inserted = 0 then
      -- The stream is behind the expected revision.
      return query select * from es_append_conflict(p_stream, p_expected, p_events);
      return;
    end if;

    next_revision := v_current + v_inserted;
    last_checkpoint := pg_current_xact_id()::text || ':' || currval('es_events_position_seq')::text;
    return next;
  end
  $fn$`,

  // es_append, provided another stream is still at p_condition_revision (-1: it has no events). The check
  // and the append run in one statement, so a command decided on two streams pays one round trip.
  `create or replace function es_append_if(p_stream text, p_expected text, p_events jsonb, p_condition_stream text, p_condition_revision bigint)
  returns table (next_revision bigint, last_checkpoint text)
  language plpgsql as $fn$
  declare
    v_actual bigint;
  begin
    select max(x.revision) into v_actual from es_events x where x.stream_id = p_condition_stream;
    if coalesce(v_actual, -1) <> p_condition_revision then
      raise exception using
        errcode = 'ES412',
        message = format('stream %s moved: expected revision %s, actual %s', p_condition_stream, p_condition_revision, coalesce(v_actual::text, 'no_stream')),
        detail = coalesce(v_actual::text, 'no_stream');
    end if;
    return query select * from es_append(p_stream, p_expected, p_events);
  end
  $fn$`,
  // Several appends to their own streams in one round trip and one transaction (a group commit). Each runs
  // as es_append (or es_append_if when it has a condition) in a subtransaction of its own: one that fails
  // leaves no event and no effect on the others, and its row reports the error that es_append raised.
  // Items: [{"s": stream, "x": expected, "v": events, "c": condition stream or null, "r": condition revision}].
  `create or replace function es_append_many(p_items jsonb)
  returns table (ord int, next_revision bigint, last_checkpoint text, error_code text, error_message text, error_detail text, error_hint text)
  language plpgsql as $fn$
  declare
    v_item jsonb;
    v_ord bigint;
  begin
    for v_item, v_ord in select e.item, e.n from jsonb_array_elements(p_items) with ordinality as e(item, n) loop
      ord := v_ord;
      next_revision := null;
      last_checkpoint := null;
      error_code := null;
      error_message := null;
      error_detail := null;
      error_hint := null;
      begin
        if v_item->>'c' is null then
          select a.next_revision, a.last_checkpoint into next_revision, last_checkpoint
            from es_append(v_item->>'s', v_item->>'x', v_item->'v') a;
        else
          select a.next_revision, a.last_checkpoint into next_revision, last_checkpoint
            from es_append_if(v_item->>'s', v_item->>'x', v_item->'v', v_item->>'c', (v_item->>'r')::bigint) a;
        end if;
      exception when others then
        get stacked diagnostics error_code = returned_sqlstate, error_message = message_text,
          error_detail = pg_exception_detail, error_hint = pg_exception_hint;
      end;
      return next;
    end loop;
  end
  $fn$`,
];
