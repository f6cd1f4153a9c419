"""Home page, deleting a heist, unknown pages and the files the app serves itself."""

from __future__ import annotations

from tests.web.helpers import game, make_app, new_heist


def test_home_with_no_heists_offers_a_new_one(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Start a new heist" in page
    assert 'href="/new"' in page
    assert "No saved heist yet." in page
    assert 'action="/games/import"' in page


def test_home_lists_saved_heists_with_resume_and_delete_links(client):
    game_id = new_heist(client)
    page = client.get("/").get_data(as_text=True)
    assert "The Bank Job — Ann &amp; Bob" in page
    assert f'href="/games/{game_id}"' in page
    assert f'href="/games/{game_id}/delete"' in page
    assert "0 actions" in page
    assert "No saved heist yet." not in page


def test_the_page_loads_htmx_and_styles_from_the_app_itself(client):
    page = client.get("/").get_data(as_text=True)
    assert 'src="/static/vendor/htmx-2.0.11.min.js"' in page
    assert "http://" not in page and "https://" not in page  # no CDN: works with no internet at all
    for path in ("/static/vendor/htmx-2.0.11.min.js", "/static/app.css"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.data
        response.close()


def test_delete_asks_first_and_then_removes_the_heist(app, client):
    game_id = new_heist(client)
    confirm = client.get(f"/games/{game_id}/delete")
    assert confirm.status_code == 200
    page = confirm.get_data(as_text=True)
    assert "Delete this heist?" in page
    assert "The Bank Job — Ann &amp; Bob" in page
    assert f'action="/games/{game_id}/delete"' in page
    assert game(app, game_id)  # asking deletes nothing

    response = client.post(f"/games/{game_id}/delete")
    assert response.status_code == 302
    assert response.headers["Location"] == "/"
    assert client.get(f"/games/{game_id}").status_code == 404
    assert "No saved heist yet." in client.get("/").get_data(as_text=True)


def test_deleting_one_heist_keeps_the_others(client):
    keep = new_heist(client, name1="Cleo", name2="")
    gone = new_heist(client)
    client.post(f"/games/{gone}/delete")
    assert client.get(f"/games/{keep}").status_code == 200
    page = client.get("/").get_data(as_text=True)
    assert "Cleo" in page and "Ann &amp; Bob" not in page


def test_deleting_an_unknown_heist_changes_nothing(client):
    keep = new_heist(client)
    response = client.post("/games/feedbeef/delete")
    assert response.status_code in (302, 404)
    assert response.status_code != 302 or response.headers["Location"] == "/"
    assert client.get(f"/games/{keep}").status_code == 200


def test_unknown_pages_and_heists_are_a_friendly_404(client):
    for path in ("/nowhere", "/games/feedbeef", "/games/feedbeef/panel", "/games/feedbeef/log",
                 "/games/feedbeef/export.json", "/games/feedbeef/delete", "/games/feedbeef/panel?room=1-A1"):
        response = client.get(path)
        assert response.status_code == 404, path
        page = response.get_data(as_text=True)
        assert "There is no such page or heist." in page, path
        assert "Traceback" not in page
    for path in ("/games/feedbeef/act", "/games/feedbeef/undo", "/games/feedbeef/redo"):
        response = client.post(path, data={"do": "start"}, headers={"HX-Request": "true"})
        assert response.status_code == 404, path


def test_wrong_method_is_refused_cleanly(client):
    assert client.get("/games/import").status_code == 404  # read as a heist called "import": none
    game_id = new_heist(client)
    assert client.get(f"/games/{game_id}/act").status_code == 405
    assert client.get(f"/games/{game_id}/undo").status_code == 405


def test_an_unexpected_error_is_a_friendly_page_not_a_stack_trace(db_path):
    app = make_app(db_path, TESTING=False)

    def broken() -> str:
        raise RuntimeError("boom")

    app.add_url_rule("/broken", "broken", broken)
    try:
        response = app.test_client().get("/broken")
        assert response.status_code == 500
        page = response.get_data(as_text=True)
        assert "The app hit a bug" in page and "nothing was applied" in page
        assert "boom" not in page and "Traceback" not in page
    finally:
        app.extensions["store"].close()
