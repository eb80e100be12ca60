import Foundation
import SchemaLintModel

/// Names the semantic place a location belongs to (`plan TravelApp.MigrationPlan`, `SchemaV2.Trip.notes`), so a
/// finding can be recognised after unrelated edits move its line.
struct SemanticPlaces {
    private var places: [String: [(line: Int, column: Int, name: String)]] = [:]

    init(_ project: Project) {
        func add(_ location: SourceLocation?, _ name: String) {
            guard let location else { return }
            places[location.file, default: []].append((location.line, location.column, name))
        }
        for entity in project.entities.values {
            add(entity.location, entity.qualifiedName)
            for property in entity.properties {
                add(property.location, "\(entity.qualifiedName).\(property.name)")
                add(property.relationship?.inverse?.written.location, "\(entity.qualifiedName).\(property.name)")
            }
            for constraint in entity.uniqueness + entity.indexes { add(constraint.location, entity.qualifiedName) }
        }
        for version in project.versions {
            add(version.location, version.name)
            add(version.modelsLocation, "\(version.name).models")
            add(version.identifierLocation, "\(version.name).versionIdentifier")
            for model in version.models ?? [] { add(model.location, "\(version.name).models") }
        }
        for plan in project.plans {
            add(plan.location, plan.name)
            add(plan.schemasLocation, "\(plan.name).schemas")
            add(plan.stagesLocation, "\(plan.name).stages")
            for reference in plan.schemas ?? [] { add(reference.location, "\(plan.name).schemas") }
            for stage in (plan.stages ?? []) + plan.declaredStages {
                let name = "\(plan.name).stages.\(stage.name ?? "\(stage.from?.written.description ?? "?")->\(stage.to?.written.description ?? "?")")"
                add(stage.location, name)
                add(stage.expression.location, name)
                for closure in [stage.expression.willMigrate, stage.expression.didMigrate].compactMap({ $0 }) {
                    for use in closure.typeUses { add(use.location, name) }
                    for swallowed in closure.swallowedErrors { add(swallowed.location, name) }
                }
            }
        }
        for container in project.containers {
            add(container.location, "ModelContainer")
            for model in container.models ?? [] { add(model.location, "ModelContainer") }
        }
        for alias in project.symbols.topLevelTypealiases { add(alias.value.location, "typealias \(alias.value.name)") }
    }

    /// The place declared exactly at the location, else the nearest one above it on the same line, else the file.
    func place(of location: SourceLocation) -> String {
        let candidates = places[location.file, default: []].filter { $0.line == location.line }
        if let exact = candidates.first(where: { $0.column == location.column }) { return exact.name }
        if let before = candidates.filter({ $0.column <= location.column }).max(by: { $0.column < $1.column }) { return before.name }
        return location.file
    }
}

/// `--write-baseline` / `--baseline`: lets a team adopt schemalint on an existing app and be gated on new findings
/// only. Entries are keyed by rule, semantic place and the message without numbers, never by line.
public struct Baseline: Equatable, Sendable {
    public struct Entry: Hashable, Sendable, Codable {
        public var rule: String
        public var place: String
        public var message: String
    }

    public static let formatVersion = 1
    public var entries: [Entry]

    public init(findings: [Finding], project: Project) {
        let places = SemanticPlaces(project)
        entries = findings.map { Self.entry(for: $0, places: places) }.sorted { ($0.rule, $0.place, $0.message) < ($1.rule, $1.place, $1.message) }
    }

    static func entry(for finding: Finding, places: SemanticPlaces) -> Entry {
        Entry(rule: finding.rule, place: places.place(of: finding.location), message: normalise(finding.message))
    }

    /// Numbers (lines, columns, checksums' digits, counts) and file paths change with unrelated edits.
    static func normalise(_ message: String) -> String {
        var result = ""
        var lastWasDigit = false
        for character in message {
            if character.isNumber {
                if !lastWasDigit { result.append("#") }
                lastWasDigit = true
            } else {
                result.append(character)
                lastWasDigit = false
            }
        }
        return result
    }

    /// The findings the baseline does not account for; each entry absorbs one finding.
    public func newFindings(_ findings: [Finding], project: Project) -> [Finding] {
        let places = SemanticPlaces(project)
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        return findings.filter { finding in
            let entry = Self.entry(for: finding, places: places)
            guard let count = remaining[entry], count > 0 else { return true }
            remaining[entry] = count - 1
            return false
        }
    }

    public func json() -> JSONValue {
        .object([
            "formatVersion": .int(Self.formatVersion),
            "findings": .array(entries.map { .object(["rule": .string($0.rule), "place": .string($0.place), "message": .string($0.message)]) }),
        ])
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func load(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "baseline \(path) does not exist or cannot be read; create it with `schemalint check --write-baseline \(path)`")
        }
        struct File: Decodable { var formatVersion: Int; var findings: [Entry] }
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            guard file.formatVersion <= formatVersion else {
                throw Failure(description: "baseline \(path) has format version \(file.formatVersion), newer than this schemalint understands; upgrade schemalint")
            }
            var baseline = Baseline(entries: [])
            baseline.entries = file.findings
            return baseline
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "baseline \(path) is not valid: \(error). Regenerate it with `schemalint check --write-baseline \(path)`")
        }
    }

    public init(entries: [Entry]) { self.entries = entries }
}
