"""Words and languages: every sentence a learner reads, in English, German and Hungarian.

The message tables and the one language setting (:mod:`~gluckauf.text.i18n`), the game's things
and the core's values in words, events in sentences, the board as text, the rule catalogue, the
rules reference and the translators' tool. Built on :mod:`gluckauf.core` only.
"""
