from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse


def test_reset_page_asks_for_the_e_mail(client, db):
    response = client.get(reverse("password_reset"))
    assert response.status_code == 200
    assert 'name="email"' in response.content.decode()


def test_password_reset_sends_an_e_mail_with_a_working_link(client, dora):
    response = client.post(reverse("password_reset"), {"email": "dora@example.org"})
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["dora@example.org"]
    assert message.subject == "Reset your Tabularium password"
    assert "Hello dora," in message.body
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", str(message.body))
    assert link is not None

    # Django swaps the token for a session marker, then shows the form.
    response = client.get(link.group(1))
    assert response.status_code == 302
    set_password_url = response["Location"]
    assert 'name="new_password1"' in client.get(set_password_url).content.decode()
    response = client.post(
        set_password_url,
        {"new_password1": "a-new-long-phrase", "new_password2": "a-new-long-phrase"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_complete")
    assert User.objects.get(username="dora").check_password("a-new-long-phrase")


def test_an_unknown_e_mail_gets_the_same_answer_and_no_message(client, db):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


def test_a_broken_reset_link_says_so(client, dora):
    url = reverse(
        "password_reset_confirm", kwargs={"uidb64": "MQ", "token": "not-a-token"}
    )
    response = client.get(url)
    assert response.status_code == 200
    assert "This link does not work" in response.content.decode()
