/// The size limits of the files the program reads, and the one wording of a refusal.
///
/// Every file is looked at before it is read (fstat on the opened file): one over its limit is
/// refused at once, named with its size and the limit, and left as it is. Without a limit, a
/// 256 MB file in any site folder made every `get` take 6–8 s and 1 GB of memory.
package enum FileSizeLimit {
    /// A suite file, the user's or a site folder's: 32 MB. A suite of 200,000 settings is about
    /// 10 MB; a write that would make the file larger is refused too, so no program of ours
    /// writes a file it would then refuse to read.
    package static let suiteFile = 32 << 20

    /// "256.0 MB (268435456 bytes), over the limit of 32 MB (33554432 bytes) for a suite file",
    /// after "is" or "would be": `kind` names the file ("a suite file", "an import file").
    package static func refusal(size: Int, limit: Int, kind: String) -> String {
        let megabytes = (Double(size) / Double(1 << 20) * 10).rounded() / 10
        return "\(megabytes) MB (\(size) bytes), over \(limitText(limit, kind: kind))"
    }

    /// "the limit of 32 MB (33554432 bytes) for a suite file".
    package static func limitText(_ limit: Int, kind: String) -> String {
        "the limit of \(limit >> 20) MB (\(limit) bytes) for \(kind)"
    }
}
