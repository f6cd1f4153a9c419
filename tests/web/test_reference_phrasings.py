"""The rules reference answers what players ask (issue 38 §5): questions as they are typed at the table or on
forums, in English, Spanish and French, each with the page that must come among the first three results.

Search is made good at them in general, through the pages' words and names (content/*.toml), synonyms and a
question's fillers (content/names.toml) and the stems of words no page holds (search.py), never by knowing
these queries."""

from __future__ import annotations


import pytest

from assistant import reference

TOP = 3
PHRASINGS = [
    # English
    ('en', 'deadbolt peek', 'deadbolt'),
    ('en', 'prima donna', 'bb2-chips'),
    ('en', 'how many dice safe', 'safe'),
    ('en', 'laser extra action', 'laser'),
    ('en', 'time lock peek', 'time-lock'),
    ('en', 'can the guard see through walls', 'foyer'),
    ('en', 'can I peek up the stairs during time lock', 'time-lock'),
    ('en', 'crowbar on the room upstairs', 'crowbar'),
    ('en', 'can the hawk peek with the painting', 'hawk'),
    ('en', 'max dice on a safe', 'safe'),
    ('en', 'who gets the dead drop if the player escaped', 'dead-drop'),
    ('en', 'buddy system on an escaped player', 'buddy-system'),
    ('en', 'emp after I escape', 'emp'),
    ('en', 'go with your gut into a laser', 'go-with-your-gut'),
    ('en', 'go with your gut deadbolt', 'go-with-your-gut'),
    ('en', 'thermal bomb hole like stairs', 'thermal-bomb'),
    ('en', 'does time lock close the thermal bomb hole', 'time-lock'),
    ('en', 'gymnastics walkway up', 'gymnastics'),
    ('en', 'can we escape without all the loot', 'stairs'),
    ('en', 'can the peterman crack a safe upstairs', 'peterman'),
    ('en', 'juicer drop alarm token', 'juicer'),
    ('en', 'does the guard move the turn he appears', 'new-floor'),
    ('en', 'guard takes the stairs', 'stairs'),
    ('en', 'tie between two paths', 'clockwise'),
    ('en', 'two alarms equally close', 'nearest-alarm'),
    ('en', 'what happens when the patrol deck runs out', 'reshuffle'),
    ('en', 'camera sees me on another floor', 'camera'),
    ('en', 'lavatory stealth token', 'lavatory'),
    ('en', 'keypad roll dice', 'keypad'),
    ('en', 'guard speed alarms', 'speed'),
    # Spanish
    ('es', '¿cuántos dados en la caja fuerte?', 'safe'),
    ('es', 'asomarse durante el bloqueo de tiempo', 'time-lock'),
    ('es', 'palanca escaleras', 'crowbar'),
    ('es', 'halcón con el cuadro', 'hawk'),
    ('es', 'láser acción extra', 'laser'),
    ('es', 'cerrojo asomarse', 'deadbolt'),
    ('es', '¿el guarda me ve desde la loseta de al lado?', 'foyer'),
    ('es', 'sigue tu intuición láser', 'go-with-your-gut'),
    ('es', 'agujero de la bomba térmica como escaleras', 'thermal-bomb'),
    ('es', 'pem cuando escapo', 'emp'),
    ('es', 'compañeros jugador escapado', 'buddy-system'),
    ('es', 'entrega jugador que ya escapó', 'dead-drop'),
    ('es', '¿se puede escapar sin todo el botín?', 'stairs'),
    ('es', 'empate entre dos caminos', 'clockwise'),
    ('es', 'se acaba el mazo de patrulla', 'reshuffle'),
    # French
    ('fr', 'ventriloquie', 'throw-voice'),
    ('fr', 'peut-on jeter un oeil pendant le verrou temporel', 'time-lock'),
    ('fr', 'combien de dés sur un coffre', 'safe'),
    ('fr', "pied-de-biche à l'étage du dessus", 'crowbar'),
    ('fr', 'le faucon avec la peinture', 'hawk'),
    ('fr', 'laser action supplémentaire', 'laser'),
    ('fr', 'serrure regarder', 'deadbolt'),
    ('fr', 'le gardien me voit-il depuis la pièce voisine', 'foyer'),
    ('fr', 'instinctif laser', 'go-with-your-gut'),
    ('fr', 'trou de la bombe thermique comme un escalier', 'thermal-bomb'),
    ('fr', 'IEM après ma fuite', 'emp'),
    ('fr', 'laisse tomber joueur échappé', 'dead-drop'),
    ('fr', "peut-on s'enfuir sans tout le butin", 'stairs'),
    ('fr', 'égalité entre deux chemins', 'clockwise'),
    ('fr', 'paquet de patrouille vide', 'reshuffle'),
    ('fr', 'prima donna', 'bb2-chips'),
]


def slugs(query: str, lang: str) -> list[str]:
    return [hit.entry.slug for hit in reference.search(query, lang)]


@pytest.mark.parametrize(("lang", "query", "slug"), PHRASINGS)
def test_a_players_question_finds_its_page_among_the_first_three(lang, query, slug):
    found = slugs(query, lang)
    assert slug in found[:TOP], f"{query!r} ({lang}) found {found[:5]}"


def test_the_list_asks_at_least_forty_questions_eight_in_each_language():
    per_language = {lang: sum(1 for lang_, *_ in PHRASINGS if lang_ == lang) for lang in ("en", "es", "fr")}
    assert len(PHRASINGS) >= 40 and min(per_language.values()) >= 8, per_language
    assert len({(lang, query) for lang, query, _ in PHRASINGS}) == len(PHRASINGS)


# -- what makes them work, in general ---------------------------------------------------------------------

def test_a_questions_fillers_find_nothing_while_it_has_another_word():
    """"how many" names no rule: "how many dice safe" looks for the dice and the Safe."""
    assert slugs("how many dice safe", "en") == slugs("dice safe", "en")
    assert slugs("combien de dés sur un coffre", "fr") == slugs("dés coffre", "fr")


def test_a_query_of_fillers_alone_still_searches():
    assert slugs("where", "en")


def test_a_long_word_no_page_holds_finds_the_words_sharing_its_stem():
    """No page says "ventriloquie"; the Throw Voice page's French names have "ventriloque"."""
    assert slugs("ventriloquie", "fr")[0] == "throw-voice"


def test_a_word_a_page_holds_is_not_widened_to_its_stem():
    """"passere" is being typed ("passerelle"): it is a prefix, not a stem for "passe", "passer"."""
    assert slugs("passere", "fr")[0] == "walkway"
