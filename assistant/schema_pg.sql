-- The heists on PostgreSQL (store_pg.py): the tables of schema.sql, column for column, at database version 5, the
-- first one PostgreSQL held (store_pg_upgrades.FIRST). JSON stays in TEXT columns, read by the app: a backup copies
-- it into SQLite byte for byte. Dates are ISO 8601 text, sorted by their bytes as SQLite sorts them (COLLATE "C").

-- the database version this schema and its upgrade steps reached: one row (SQLite keeps it in user_version)
CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    created TEXT COLLATE "C" NOT NULL,
    updated TEXT COLLATE "C" NOT NULL,
    initial TEXT NOT NULL,
    head BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 0,
    play_token TEXT NOT NULL,
    watch_token TEXT NOT NULL,
    setup TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS games_play_token ON games (play_token);
CREATE UNIQUE INDEX IF NOT EXISTS games_watch_token ON games (watch_token);

-- no heist's play link is another's watch link (SQLite's triggers games_links_apart_insert and _update, version 4)
CREATE OR REPLACE FUNCTION games_links_apart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.play_token = NEW.watch_token OR EXISTS (SELECT 1 FROM games WHERE id <> NEW.id
            AND (play_token = NEW.watch_token OR watch_token = NEW.play_token)) THEN
        RAISE EXCEPTION 'UNIQUE constraint failed: a link another heist has' USING ERRCODE = 'unique_violation';
    END IF;
    RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER games_links_apart BEFORE INSERT OR UPDATE OF play_token, watch_token ON games
    FOR EACH ROW EXECUTE FUNCTION games_links_apart();

-- the doorbell across processes (doorbell_pg.py): each change of a heist, in the transaction that makes it, as the
-- store rings its own process's devices: "changed" and the new version, "revoked" and which link, or all when the heist
-- is deleted. The payload names the process that made it (its connections' application_name): that one rang already.
CREATE OR REPLACE FUNCTION games_doorbell() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    sender TEXT := current_setting('application_name');
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('heists', concat_ws(' ', sender, OLD.id, 'revoked', 'all'));
        RETURN OLD;
    END IF;
    IF NEW.version <> OLD.version THEN
        PERFORM pg_notify('heists', concat_ws(' ', sender, NEW.id, 'changed', NEW.version::TEXT));
    END IF;
    IF NEW.play_token <> OLD.play_token THEN
        PERFORM pg_notify('heists', concat_ws(' ', sender, NEW.id, 'revoked', 'play'));
    END IF;
    IF NEW.watch_token <> OLD.watch_token THEN
        PERFORM pg_notify('heists', concat_ws(' ', sender, NEW.id, 'revoked', 'watch'));
    END IF;
    RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER games_doorbell AFTER UPDATE OR DELETE ON games
    FOR EACH ROW EXECUTE FUNCTION games_doorbell();

CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    log TEXT NOT NULL,
    state TEXT NOT NULL,
    created TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS campaigns (
    id TEXT COLLATE "C" PRIMARY KEY,
    name TEXT NOT NULL,
    created TEXT COLLATE "C" NOT NULL,
    updated TEXT COLLATE "C" NOT NULL,
    meter TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS campaign_heists (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    finale INTEGER NOT NULL,
    game_id TEXT REFERENCES games(id) ON DELETE SET NULL,
    players TEXT NOT NULL,
    meter TEXT,
    result TEXT,
    gear TEXT NOT NULL,
    created TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (campaign_id, finale)
);
CREATE UNIQUE INDEX IF NOT EXISTS campaign_heists_game ON campaign_heists (game_id);
