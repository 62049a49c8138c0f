"""Account pages under /accounts/, with the un-namespaced names django.contrib.auth expects."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from clubs import views

urlpatterns = [
    path("signup/", views.account_signup, name="signup"),
    path(
        "password-reset/",
        auth_views.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
