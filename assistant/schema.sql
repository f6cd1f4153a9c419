-- One row per heist; one row per applied action (with the state after it, a replay cache).
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    initial TEXT NOT NULL,          -- GameState JSON before the first action
    head INTEGER NOT NULL DEFAULT 0, -- how many actions are in effect (undo moves it back)
    version INTEGER NOT NULL DEFAULT 0, -- bumped by every change, including undo and redo
    play_token TEXT NOT NULL,
    watch_token TEXT NOT NULL,
    setup TEXT,                     -- the new-heist form's fields, [[name, value], ...] without the seed (Play
                                    -- again); NULL for an imported position and a heist saved before version 2
    club TEXT NOT NULL DEFAULT 'local' -- the club whose heist it is (version 6, store_clubs.py); 'local': the laptop's
);
-- Each link token is unique: the indexes games_play_token and games_watch_token are made by the upgrade to version
-- 3 (store_upgrades._links_unique, which every new database runs too), after it gave any repeated link a new token;
-- the triggers games_links_apart_insert and _update (version 4, _links_apart) refuse a play link that is another
-- heist's watch link, or the other way round.

CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    log TEXT NOT NULL,
    state TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- Settings of each club, by name (e.g. "public_url": the address phones are shown); before version 6 one club's.
CREATE TABLE IF NOT EXISTS settings (
    club TEXT NOT NULL DEFAULT 'local',
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (club, name)
);

-- Burgle Bros 2 campaigns (version 5, store_upgrades._campaigns; bb2 rulebook "Before Your Heist (Campaign Mode)",
-- "After Your Heist (Campaign Mode)"): a campaign's Heist Log, one row per heist in the order of its finales.
-- Portable SQL: JSON in TEXT columns, read by the app, never by SQL.
CREATE TABLE IF NOT EXISTS campaigns (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    meter TEXT NOT NULL,            -- the table's own Suspicion Meter as it typed it: {"6": [[distracted, removed]
                                    -- of floor 1, [...] of floor 2], ...}, offered again at that Suspicion
    club TEXT NOT NULL DEFAULT 'local' -- the club whose campaign it is (version 6)
);

CREATE TABLE IF NOT EXISTS campaign_heists (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    finale INTEGER NOT NULL,        -- 1 to 9: the heist's place in the campaign is its finale's number
    game_id TEXT REFERENCES games(id) ON DELETE SET NULL, -- NULL once the heist itself is deleted: its log line stays
    players TEXT NOT NULL,          -- JSON list of the names written in the log
    meter TEXT,                     -- JSON [[distracted, removed], [...]]: the Meter's prompt it was set up with
    result TEXT,                    -- 'won', 'lost', or NULL while it is played
    gear TEXT NOT NULL,             -- the alternate gear card taken, as the table named it ('' unnamed)
    created TEXT NOT NULL,
    PRIMARY KEY (campaign_id, finale)
);
-- A heist is in one campaign at most: the unique index campaign_heists_game (version 5).

-- Clubs (version 6, store_clubs.py): on a hosted service each signs in by its name and password; the laptop has one,
-- 'local', with no password (nobody signs in to it). The indexes games_club and campaigns_club come with version 6.
CREATE TABLE IF NOT EXISTS clubs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,       -- the name as compared (store_clubs.name_key): one club a name
    password TEXT NOT NULL,         -- scrypt$N$r$p$salt$hash (passwords.py); '' for the laptop's club
    created TEXT NOT NULL
);

-- One-time sign-in links: the SHA-256 of the token (never the token), the club it opens, until when.
CREATE TABLE IF NOT EXISTS club_links (
    digest TEXT PRIMARY KEY,
    club TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    expires TEXT NOT NULL
);
