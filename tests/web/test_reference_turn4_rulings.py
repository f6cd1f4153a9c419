"""The rules reference states every guard-rules §1.22 row marked "turn 4", on the page a player would open,
in English, Spanish and French (issue 38 §5). Each row names the words its page must say in each language;
the page must also cite §1.22. The Deadbolt row ("Deadbolt moved into face down") is on the Deadbolt page,
kept by its own tests."""

from __future__ import annotations

import pytest

from assistant import reference

# (the §1.22 row's topic, the page, the words it says in en, es, fr)
ROWS = [
    ("Peeking is not moving (new, turn 4): the Crowbar up or down the Stairs", "crowbar",
     ("any room you could peek into", "a cualquiera a la que podrías asomarte", "toute pièce où vous pourriez")),
    ("Peeking is not moving (new, turn 4): peeking during Time Lock", "time-lock",
     ("Peeking stays open", "Asomarse sigue permitido", "Regarder reste permis")),
    ("Peeking is not moving (new, turn 4): the advanced Hawk with the Painting", "hawk",
     ("Her advanced look may still pass through them", "Su mirada avanzada puede seguir pasando por ellos",
      "Son regard avancé peut toujours les traverser")),
    ("The Painting (new, turn 4)", "painting",
     ("The app refuses a Secret Door or Service Duct move by the carrier",
      "La app rechaza que quien lo lleva se mueva por una Puerta Secreta",
      "L'appli refuse que son porteur se déplace par une Porte secrète")),
    ("A Safe holds at most 6 dice (new, turn 4)", "safe",
     ("a Safe never holds more than six", "una caja nunca tiene más de seis",
      "un Coffre n'en porte jamais plus de six")),
    ("Escape and cracking a safe are checked (new, turn 4): crack the safe", "safe",
     ("Someone must stand in that floor's Safe room", "Alguien tiene que estar en la loseta de la Caja Fuerte",
      "Quelqu'un doit se tenir dans la pièce du Coffre")),
    ("Escape and cracking a safe are checked (new, turn 4): escape", "stairs",
     ("The escape is checked", "La huida se comprueba", "La fuite est vérifiée")),
    ("Escaped burglars are out of the building (new, turn 4)", "stairs",
     ("Escaped burglars are out of the building", "Los ladrones escapados están fuera del edificio",
      "Les cambrioleurs échappés sont hors du bâtiment")),
    ("Escaped burglars are out of the building (new, turn 4): Dead Drop", "dead-drop",
     ("the next burglar on your right who is still inside", "el siguiente ladrón a tu derecha que siga dentro",
      "prochain cambrioleur à votre droite encore à l'intérieur")),
    ("Escaped burglars are out of the building (new, turn 4): Buddy System", "buddy-system",
     ("one who has escaped cannot be chosen", "a uno que ya ha escapado no se le puede", "on ne peut pas choisir un "
      "cambrioleur échappé")),
    ("Escaped burglars are out of the building (new, turn 4): the Rook", "rook",
     ("Neither side can pick a burglar who has escaped", "Ninguna de las dos caras puede elegir a un ladrón que ya "
      "ha escapado", "Aucune des deux faces ne peut choisir un cambrioleur échappé")),
    ('Effects "until your next turn" when that burglar has escaped (new, turn 4): E.M.P.', "emp",
     ("never lasts for the rest of the heist", "Nunca dura el resto del golpe", "Il ne dure jamais jusqu'à la fin du "
      "casse")),
    ('Effects "until your next turn" when that burglar has escaped (new, turn 4): Video Loop', "video-loop",
     ("the cameras come back when that turn would have begun", "las cámaras vuelven cuando habría empezado ese turno",
      "les caméras reviennent au moment où ce tour aurait commencé")),
    ('Effects "until your next turn" when that burglar has escaped (new, turn 4): Gymnastics', "gymnastics",
     ("If you escape meanwhile, it ends when that turn would have started", "Si escapas entretanto, termina cuando "
      "habría empezado ese turno",
      "Si vous vous échappez entre-temps, l'effet s'arrête quand ce tour aurait commencé")),
    ('Effects "until your next turn" when that burglar has escaped (new, turn 4): Time Lock', "time-lock",
     ("If you escape before your next turn", "Si escapas antes de tu siguiente turno", "Si vous vous échappez avant "
      "votre prochain tour")),
    ("Time Lock (new, turn 4)", "time-lock",
     ("it refuses a walk up or down the Stairs or a hole", "rechaza subir o bajar por las Escaleras o por un agujero",
      "elle refuse de monter ou de descendre par l'Escalier ou par un trou")),
    ("Thermal Bomb holes (new, turn 4)", "thermal-bomb",
     ("for the rest of the heist it joins the two rooms as Stairs would", "durante el resto del golpe une las dos "
      "losetas como lo harían unas Escaleras", "jusqu'à la fin du casse, il relie les deux pièces comme le ferait un "
      "Escalier")),
    ("Go With Your Gut (new, turn 4)", "go-with-your-gut",
     ("has already gone off before this Move takes you out of it", "ya ha saltado antes de que este Movimiento te "
      "saque de él", "a donc déjà sonné avant que ce Déplacement vous en fasse sortir")),
    ("Go With Your Gut into a Laser or Deadbolt (new, turn 4)", "go-with-your-gut",
     ("you cannot pay two actions, so the alarm goes off", "no puedes pagar dos acciones, así que salta la alarma",
      "vous ne pouvez pas payer deux actions, donc l'alarme sonne")),
    ("Acrobat (advanced) climbing into a locked Keypad (new, turn 4)", "acrobat",
     ("Her actions end either way", "Sus acciones terminan en cualquier caso", "Ses actions s'arrêtent dans les deux "
      "cas")),
    ("Lost Visual with an alarm (new, turn 4)", "lost-visual",
     ("the destination card is still turned over", "la carta de destino se descubre igualmente",
      "la carte de destination est tout de même retournée")),
    ("One of each card (new, turn 4)", "rulings",
     ("a tool, a loot card or a character exists once", "cada herramienta, carta de botín o personaje existe una sola "
      "vez", "chaque outil, carte Butin ou personnage n'existe qu'une fois")),
    ("One of each card (new, turn 4): hack tokens", "computer",
     ("the app refuses one for a computer nobody has found yet", "la app rechaza una para un ordenador que nadie ha "
      "encontrado todavía", "l'appli en refuse un pour une salle que personne n'a encore trouvée")),
    ("The table's patrol deck (new, turn 4)", "patrol-deck",
     ("refuses a card already in that floor's face-up pile", "rechaza una carta que ya está en la pila boca arriba de "
      "esa planta", "refuse une carte déjà dans la pile face visible de cet étage")),
    ("Juicer's alarm tokens (new, turn 4)", "juicer",
     ("only a token held can be dropped", "solo puede soltar una que lleve", "elle ne peut lâcher qu'un jeton qu'elle "
      "tient")),
    ("Sight after any placement (changed, turn 4): the Rook's Disguise", "rook",
     ("no Camera, Atrium or Foyer is checked after it either", "tampoco se comprueba después ninguna Cámara, Atrio ni "
      "Vestíbulo", "aucune Caméra, aucun Atrium ni aucun Hall n'est vérifié après lui non plus")),
    ("Sight after any placement (changed, turn 4): cameras", "camera",
     ("The Rook's Disguise is the exception", "El Disfraz de la Torre es la excepción", "Le Déguisement du Cerveau "
      "fait exception")),
    ("Sight after any placement (changed, turn 4): a burglar put down takes no Stealth", "buddy-system",
     ("no Stealth if a guard stands in your room", "sin Sigilo si hay un guarda en tu loseta", "pas de Camouflage "
      "perdu si un gardien est dans votre pièce")),
    ("bb2: Undercover chip jump (new, turn 4)", "bb2-chips",
     ("Players there gain heat as if he had walked in", "Los jugadores que estén allí ganan calor como si hubiera "
      "entrado andando", "Les joueurs présents prennent de la chaleur comme s'il était entré à pied")),
]
LANGS = ("en", "es", "fr")


def said(slug: str, lang: str) -> str:
    """The page as its reader sees it, on one line: its words, links under their titles, no markup."""
    return " ".join(reference.library(lang).texts[slug].split())


@pytest.mark.parametrize(("row", "slug", "words"), ROWS, ids=[f"{slug}: {row}" for row, slug, _ in ROWS])
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_states_the_turn_4_ruling_in_each_language(row, slug, words, lang):
    page = reference.get(slug, lang)
    assert page is not None and page.lang == lang, f"{slug} is not translated into {lang}"
    assert words[LANGS.index(lang)] in said(slug, lang), f"§1.22 '{row}' is not on {slug} ({lang})"


@pytest.mark.parametrize("slug", sorted({slug for _, slug, _ in ROWS} - {"bb2-chips"}))
@pytest.mark.parametrize("lang", LANGS)
def test_a_page_stating_a_turn_4_ruling_cites_its_row(slug, lang):
    """The reader can find the ruling's source: the page names §1.22 in its text or its sources."""
    page = reference.get(slug, lang)
    assert page is not None
    assert "§1.22" in said(slug, lang) or any("§1.22" in s for s in page.sources)


@pytest.mark.parametrize(("lang", "counted", "refused"), [
    ("en", "the table counts them", "refuses a seventh"),
    ("es", "los cuenta la mesa", "rechaza un séptimo"),
    ("fr", "c'est la table qui les compte", "refuse un septième"),
])
def test_the_safe_page_leaves_its_dice_to_the_table(lang, counted, refused):
    """§1.22 'A Safe holds at most 6 dice (new, turn 4)' (EN Safe: up to 6 dice): no action of the app adds a die to
    a Safe, so the page states the rule and says the table counts them; it never says the app refuses a seventh."""
    page = said("safe", lang)
    assert counted in page and refused not in page
