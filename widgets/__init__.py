"""Board widgets for the Glück Auf teaching kit (ipywidgets + ipycanvas).

They arrive in a later issue. Their contract: render the state of the ``gluckauf`` engine and
send the engine's own actions back to it. A widget never re-implements a rule.
"""
