public import Foundation

/// RFC 8288 `Link` headers as Picsum sends them:
/// `<https://picsum.photos/v2/list?page=2&limit=30>; rel="next", <…>; rel="prev"`.
public enum LinkHeader {
    /// The URL of each `rel` in the header.
    public static func parse(_ header: String) -> [String: URL] {
        var links: [String: URL] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">"),
                let url = URL(string: String(target.dropFirst().dropLast()))
            else { continue }
            for parameter in pieces.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                for rel in pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ") {
                    links[rel.lowercased()] = url
                }
            }
        }
        return links
    }

    /// The `page` query parameter of the `next` link, if any.
    public static func nextPage(_ header: String?) -> Int? {
        guard let header, let next = parse(header)["next"],
            let value = URLComponents(url: next, resolvingAgainstBaseURL: false)?.queryItems?.first(where: {
                $0.name == "page"
            })?.value
        else { return nil }
        return Int(value)
    }
}
