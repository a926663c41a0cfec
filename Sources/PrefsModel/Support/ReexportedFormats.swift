// The value types of the file formats (`PlistValue`, `JSONValue`) are part of PrefsModel's own
// API: a program that imports PrefsModel uses them without importing PrefsFormats.
@_exported import PrefsFormats
