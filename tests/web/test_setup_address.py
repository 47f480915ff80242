"""The setup form's address as a player may type or edit it: every value it holds is shown or named."""

from support.webflow import SETUP
from support.webflow import hidden_values

WITHOUT = dict(SETUP, without_monuments="y", **{"monuments-0": "", "monuments-1": ""})


def test_dealing_monuments_without_monuments_deals_nothing(client):
    response = client.get("/en/new", query_string=dict(WITHOUT, action="deal-monuments"))
    assert response.status_code == 200
    assert hidden_values(response.text, "dealt-") == ["", "", ""]
    assert 'name="monuments-0"' not in response.text
    assert 'value="deal-monuments"' not in response.text
