"""Eve's bot: the first move it may make, always."""


def choose(state):
    return state.legal_actions()[0]
