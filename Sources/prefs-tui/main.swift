import PrefsModel

print("prefs-tui: the editor is not built yet")
