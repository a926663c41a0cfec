import Foundation
import PrefsModel

/// The built-in demo: a weather app's settings on suite `com.example.weather`. It is what
/// `swift run prefs-tui` opens, and a worked example of declaring settings.
///
/// ```swift
/// let prefs = Preferences(suiteName: WeatherSettings.suiteName, schema: WeatherSettings.schema)
/// prefs[.temperatureNotation] = .fahrenheit
/// prefs[WeatherSettings.temperature(reading: .sample)]  // "70.7 °F"
/// ```
package enum WeatherSettings: Sendable {
    /// The suite the demo uses.
    package static let suiteName = "com.example.weather"

    /// How temperatures are shown.
    ///
    /// ```swift
    /// TemperatureNotation(rawValue: "kelvin")  // .kelvin
    /// ```
    package enum TemperatureNotation: String, PreferenceChoice {
        case celsius, fahrenheit, kelvin
        package var title: String { rawValue.capitalized }
        /// The unit symbol.
        package var symbol: String {
            switch self {
            case .celsius: return "°C"
            case .fahrenheit: return "°F"
            case .kelvin: return "K"
            }
        }
        /// Converts degrees Celsius into this notation.
        package func convert(celsius: Double) -> Double {
            switch self {
            case .celsius: return celsius
            case .fahrenheit: return celsius * 9 / 5 + 32
            case .kelvin: return celsius + 273.15
            }
        }
    }

    /// Units for wind and distance.
    ///
    /// ```swift
    /// UnitsNotation.imperial.title  // "Imperial"
    /// ```
    package enum UnitsNotation: String, PreferenceChoice {
        case metric, imperial
        package var title: String { rawValue.capitalized }
    }

    /// 12- or 24-hour clock.
    ///
    /// ```swift
    /// TimeNotation.twelveHour.title  // "12-hour"
    /// ```
    package enum TimeNotation: String, PreferenceChoice {
        case twelveHour, twentyFourHour
        package var title: String { self == .twelveHour ? "12-hour" : "24-hour" }
    }

    /// A weather reading to derive displayed values from.
    ///
    /// ```swift
    /// WeatherSettings.Reading.sample.temperatureCelsius  // 21.5
    /// ```
    package struct Reading: Sendable, Equatable {
        /// Air temperature, °C.
        package var temperatureCelsius: Double
        /// Felt temperature, °C.
        package var feelsLikeCelsius: Double
        /// Wind speed, m/s.
        package var windMetresPerSecond: Double

        /// Makes a reading.
        ///
        /// ```swift
        /// Reading(temperatureCelsius: 3, feelsLikeCelsius: 0, windMetresPerSecond: 8)
        /// ```
        package init(temperatureCelsius: Double, feelsLikeCelsius: Double, windMetresPerSecond: Double) {
            self.temperatureCelsius = temperatureCelsius
            self.feelsLikeCelsius = feelsLikeCelsius
            self.windMetresPerSecond = windMetresPerSecond
        }

        /// The fixed sample the demo shows: 21.5 °C, feels like 19.0 °C, wind 5.0 m/s.
        package static let sample = Reading(temperatureCelsius: 21.5, feelsLikeCelsius: 19.0, windMetresPerSecond: 5.0)
    }

    /// Every demo key, in display order.
    package static let keys: [AnyPreferenceKey] = [
        PreferenceKeys.temperatureNotation, .unitsNotation, .timeNotation,
        .city, .favoriteCities,
        .refreshInterval, .showFeelsLike, .notificationsEnabled, .dataSource,
        .decimalPlaces, .lastRefresh,
    ]

    /// The demo's schema, with the derived values of the sample reading and the real clock.
    package static let schema = makeSchema()

    /// The demo's schema with a given reading, clock and time zone (tests fix all three). Without
    /// a time zone, the current one is looked up when the next refresh is computed, not here:
    /// looking it up costs more than a third of building the schema, and `get` never needs it.
    ///
    /// ```swift
    /// WeatherSettings.makeSchema(now: { Date(timeIntervalSince1970: 0) }, timeZone: .gmt)
    /// ```
    package static func makeSchema(reading: Reading = .sample,
                                  now: @escaping @Sendable () -> Date = Date.init,
                                  timeZone: TimeZone? = nil) -> PreferenceSchema {
        PreferenceSchema(
            title: "Weather", suiteName: suiteName, keys: keys,
            derivedValues: derivedValues(reading: reading, now: now, timeZone: timeZone),
            // Version 2 of the demo renamed "unitSystem" to "unitsNotation" and dropped the
            // radar: the README's worked example of a migration.
            retiredKeys: ["showRadar"])
    }

    /// The live preview's values: temperature, feels like, wind, next refresh.
    ///
    /// ```swift
    /// WeatherSettings.derivedValues(reading: .sample, now: Date.init, timeZone: .current).map(\.title)
    /// ```
    package static func derivedValues(reading: Reading, now: @escaping @Sendable () -> Date,
                                     timeZone: TimeZone?) -> [AnyDerivedValue] {
        [
            AnyDerivedValue(temperature(reading: reading)),
            AnyDerivedValue(feelsLike(reading: reading)),
            AnyDerivedValue(wind(reading: reading)),
            AnyDerivedValue(nextRefresh(now: now, timeZone: timeZone)),
        ]
    }

    /// The temperature in the chosen notation with `decimalPlaces` digits: `21.5 °C`, `70.7 °F`.
    ///
    /// ```swift
    /// prefs[WeatherSettings.temperature(reading: .sample)]  // "21.5 °C"
    /// ```
    package static func temperature(reading: Reading) -> DerivedValue<String> {
        DerivedValue(name: "temperature", title: "Temperature") { prefs in
            formatTemperature(reading.temperatureCelsius, in: prefs)
        }
    }

    /// The felt temperature, or nil when `showFeelsLike` is off or not in use (in Kelvin).
    ///
    /// ```swift
    /// prefs[WeatherSettings.feelsLike(reading: .sample)]  // "19.0 °C"
    /// ```
    package static func feelsLike(reading: Reading) -> DerivedValue<String?> {
        DerivedValue(name: "feelsLike", title: "Feels like") { prefs in
            prefs[.showFeelsLike] && prefs.isInUse(.showFeelsLike) ? formatTemperature(reading.feelsLikeCelsius, in: prefs) : nil
        }
    }

    /// The wind in m/s (metric) or mph (imperial), one decimal.
    ///
    /// ```swift
    /// prefs[WeatherSettings.wind(reading: .sample)]  // "5.0 m/s"
    /// ```
    package static func wind(reading: Reading) -> DerivedValue<String> {
        DerivedValue(name: "wind", title: "Wind") { prefs in
            switch prefs[.unitsNotation] {
            case .metric: return String(format: "%.1f m/s", reading.windMetresPerSecond)
            case .imperial: return String(format: "%.1f mph", reading.windMetresPerSecond * 3600 / 1609.344)
            }
        }
    }

    /// Now plus `refreshInterval`, as a time in the chosen notation: `14:35` or `2:35 PM`.
    ///
    /// ```swift
    /// prefs[WeatherSettings.nextRefresh(now: Date.init, timeZone: .current)]
    /// ```
    package static func nextRefresh(now: @escaping @Sendable () -> Date, timeZone: TimeZone?) -> DerivedValue<String> {
        // Shown to the minute, so it changes when a minute starts.
        DerivedValue(name: "nextRefresh", title: "Next refresh",
                     changesAt: { _ in Date(timeIntervalSince1970: (now().timeIntervalSince1970 / 60).rounded(.down) * 60 + 60) }) { prefs in
            // The clock time by arithmetic on the zone's offset: a DateFormatter made on every
            // evaluation (each change the editor shows) was a twentieth of the editor's work.
            let moment = now().addingTimeInterval(Double(prefs[.refreshInterval]) * 60)
            let zone = timeZone ?? .current
            let local = Int((moment.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: moment))).rounded(.down))
            let minutesOfDay = ((local / 60) % 1440 + 1440) % 1440
            let (hour, minute) = (minutesOfDay / 60, minutesOfDay % 60)
            let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
            guard prefs[.timeNotation] == .twelveHour else { return "\(twoDigits(hour)):\(twoDigits(minute))" }
            return "\(hour % 12 == 0 ? 12 : hour % 12):\(twoDigits(minute)) \(hour < 12 ? "AM" : "PM")"
        }
    }

    private static func formatTemperature(_ celsius: Double, in prefs: PreferencesSnapshot) -> String {
        let notation = prefs[.temperatureNotation]
        return String(format: "%.\(prefs[.decimalPlaces])f", notation.convert(celsius: celsius)) + " " + notation.symbol
    }
}

extension PreferenceKeys {
    /// Units: how temperatures are shown.
    package static let temperatureNotation = PreferenceKey<WeatherSettings.TemperatureNotation>(
        "temperatureNotation", default: .celsius, title: "Temperature",
        help: "The scale temperatures are shown in.", section: "Units")
    /// Units: metric or imperial wind and distance.
    package static let unitsNotation = PreferenceKey<WeatherSettings.UnitsNotation>(
        "unitsNotation", default: .metric, title: "Units",
        help: "Metric shows wind in m/s, imperial in mph.", section: "Units", renamedFrom: ["unitSystem"])
    /// Units: 12- or 24-hour clock.
    package static let timeNotation = PreferenceKey<WeatherSettings.TimeNotation>(
        "timeNotation", default: .twentyFourHour, title: "Time format",
        help: "How times of day are written.", section: "Units")
    /// Location: the city the forecast is for.
    package static let city = PreferenceKey<String>(
        "city", default: "Oslo", rule: .text(nonEmpty: true, maxLength: 64), title: "City",
        help: "The city the forecast is for.", section: "Location")
    /// Location: cities to switch between quickly.
    package static let favoriteCities = PreferenceKey<[String]>(
        "favoriteCities", default: [], rule: .each(.text(nonEmpty: true, maxLength: 64)), title: "Favourite cities",
        help: "Cities to switch between quickly.", section: "Location")
    /// Updates: minutes between forecast updates.
    package static let refreshInterval = PreferenceKey<Int>(
        "refreshInterval", default: 15, rule: .range(5...240, step: 5), title: "Refresh every",
        help: "Minutes between forecast updates.", section: "Updates", unit: "min")
    /// Updates: whether to show the felt temperature. The demo's condition (a setting in use
    /// only while another has some values): the felt temperature is a sensation, which the
    /// demo does not put on the physicist's Kelvin scale. Declared as data, so `prefs-tui
    /// schema` and an installed copy of the schema carry it.
    package static let showFeelsLike = PreferenceKey<Bool>(
        "showFeelsLike", default: true, title: "Show feels-like",
        help: "Show the felt temperature beside the measured one.", section: "Updates",
        inUseWhen: .when(.temperatureNotation, in: [.celsius, .fahrenheit]))
    /// Updates: whether to notify about severe weather.
    package static let notificationsEnabled = PreferenceKey<Bool>(
        "notificationsEnabled", default: false, title: "Notifications",
        help: "Notify about severe weather warnings.", section: "Updates")
    /// Updates: where forecasts come from.
    package static let dataSource = PreferenceKey<URL>(
        "dataSource", default: URL(string: "https://api.example.com/v1/forecast")!, title: "Data source",
        help: "The forecast service's address.", section: "Updates")
    /// Display: digits after the decimal point.
    package static let decimalPlaces = PreferenceKey<Int>(
        "decimalPlaces", default: 1, rule: .range(0...2), title: "Decimal places",
        help: "Digits after the decimal point in temperatures.", section: "Display")
    /// Display: when the forecast was last refreshed (unset until the first refresh).
    package static let lastRefresh = PreferenceKey<Date?>(
        "lastRefresh", title: "Last refresh",
        help: "When the forecast was last fetched; empty until the first refresh.", section: "Display")
}
