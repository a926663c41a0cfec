/// One piece of news about the settings as they stand, in the terms a ``PreferencesSnapshot``
/// applies: the user's new stored values, the site's new layers, the new load problem, and who
/// made the change. A view that holds a snapshot keeps it current from these alone, reading
/// nothing again (the editor does).
package struct SettingsNews: Sendable {
    /// New stored values of the user's file (nil: removed), by key.
    package var storedValues: [String: PlistValue?]
    /// The site's layers after a site file changed (nil: the site did not change).
    package var site: SiteLayers?
    /// Why the user's file cannot be read now (`.none`: not said; `.some(nil)`: it can).
    package var loadProblem: String??
    /// Who made the change.
    package var origin: ChangeOrigin
}

extension Preferences {
    /// Tells `handler` every change of the user's file and of the site's files, with the values
    /// the store and the site already carry. It goes straight to the store and the site, not
    /// through this instance's typed observers: nothing is formatted, nothing is read again, and
    /// an instance made by ``withSchema(_:)`` adds no second pass over each change.
    package func observeNews(_ handler: @escaping @Sendable (SettingsNews) -> Void) -> ObservationToken {
        let (writer, store) = (self.writer, self.store)
        var tokens = [store.addChangeHandler { batch in
            var values: [String: PlistValue?] = [:]
            for change in batch.changes { values[change.key] = .some(change.new) }
            // A suite store says whether its file reads; another kind of store is asked, as the news arrives.
            handler(SettingsNews(storedValues: values, site: nil, loadProblem: batch.loadProblem ?? .some(store.loadProblem),
                                 origin: ChangeOrigin(of: batch, relativeTo: writer)))
        }]
        // The layers the news carries are whole: a site file's change keeps the project's
        // layer as it is, and the project file's keeps the site's.
        if let site {
            let project = self.project
            tokens.append(site.addChangeHandler { change in
                let layers = project.map { change.after.withProject($0) } ?? change.after
                handler(SettingsNews(storedValues: [:], site: layers, loadProblem: .none, origin: .otherProcess))
            })
        }
        if let project {
            let site = self.site
            tokens.append(project.addChangeHandler { change in
                let layers = (site?.layers ?? .none).withProject(change.after, problem: change.afterProblem)
                handler(SettingsNews(storedValues: [:], site: layers, loadProblem: .none, origin: .otherProcess))
            })
        }
        let all = tokens
        return ObservationToken { all.forEach { $0.cancel() } }
    }
}
