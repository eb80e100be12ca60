import SchemaLintFacts
import SchemaLintModel

/// The store checksum answers "will the store open?", not "will its rows decode?". An enum kept as its raw value, or a
/// `Codable` enum or struct kept inside encoded data (an array, a dictionary, an enum with associated values), is no
/// part of it: remove a case, change a raw value or add a required field, and the store still opens while the rows a
/// shipped build wrote fail to decode when fetched, or quietly mean another case. Each locked version records the
/// value types it stores (`ValueTypeRecord`); this rule compares them with the types the build reading those stores
/// declares now, and leaves what the checksum covers (a composite's fields and cases) to the rules about it.
public struct PersistedValueChangedRule: Rule {
    public let id = RuleID.persistedValueChanged
    public let defaultSeverity = Severity.error
    public let severities: [Severity] = [.error, .warning, .note]
    public let summary =
        "An enum, Codable struct or Codable class that a shipped version stores changed so that rows it wrote fail "
        + "to decode or change meaning."

    public func check(_ context: RuleContext) -> [Finding] {
        guard let lockfile = context.lockfile else { return [] }
        var judged: [String: Judgement] = [:]
        for (key, locked) in lockfile.versionsInOrder where locked.retired == nil {
            guard let recorded = locked.valueTypes else { continue }
            for reader in Self.readers(of: key, locked, context) {
                let now = reader.valueTypes
                for (name, old) in recorded.sorted(by: { $0.key < $1.key }) {
                    for counterpart in Self.counterparts(of: name, old, recorded: recorded, in: now) {
                        let (match, places) = (counterpart.type, counterpart.places)
                        guard let new = now.records[match], let detail = now.details[match] else { continue }
                        let changes =
                            counterpart.reshaped
                            + (counterpart.comparesShapes
                                ? ValueTypeDiff.changes(
                                    from: old, to: new, composite: detail.isComposite(at: places),
                                    recorded: recorded, current: now.records) : [])
                        guard !changes.isEmpty else { continue }
                        // An unversioned state is known by its key; its identifier is always SwiftData's 1.0.0.
                        let implicit = ImplicitVersionKeys.isImplicit(key)
                        var judgement =
                            judged[match] ?? Judgement(type: match, detail: detail, rawType: new.rawType)
                        judgement.add(
                            version: implicit ? "the unversioned release \(key)" : locked.type,
                            identifier: implicit ? nil : locked.versionIdentifier, places: places, changes)
                        judged[match] = judgement
                    }
                }
            }
        }
        return judged.keys.sorted().map { name in
            let judgement = judged[name]!
            let notes = judgement.places.compactMap { place in
                judgement.detail.places[place].map { Finding.Note($0, "\(place) stores \(name)") }
            }
            return finding(
                judgement.location, about: .valueType(name), .persistedValueChanged(judgement),
                severity: judgement.severity, notes: notes)
        }
    }

    /// The versions whose models read a locked state's rows now: the same version, or for an unversioned state the
    /// unversioned models the stores holding it are opened with.
    static func readers(of key: String, _ locked: LockedVersion, _ context: RuleContext) -> [VersionAnalysis] {
        let holder = StateAssignment.holder(of: key, locked, in: context)
        if case .declaredOnly = holder { return [] }
        guard ImplicitVersionKeys.isImplicit(key) else {
            return context.project.version(key: key).flatMap(context.analysis(of:)).map { [$0] } ?? []
        }
        let stores = holder.stores.isEmpty ? context.topology.stores : holder.stores
        var seen: Set<String> = []
        return stores.flatMap(\.versions).filter { $0.isImplicit && seen.insert($0.key).inserted }
            .compactMap(context.analysis(of:))
    }

    /// The types declared now that read what `name` stored, each with the places it stored it at that still exist:
    /// the same type there, else a type now declared there the same way (`[Leg]` for `[Trip.Leg]`: a type renamed,
    /// and rows hold no type name). A place that is gone (a property removed, a model renamed into a new entity) holds
    /// no rows this build reads. A model's attribute whose encoded form changed around the type (`[String: [Item]]`
    /// to `[Entry]`) keeps the checksum, and its rows no longer decode: `reshaped` says so.
    static func counterparts(
        of name: String, _ old: ValueTypeRecord, recorded: [String: ValueTypeRecord], in now: ValueTypeCollection
    ) -> [Counterpart] {
        var found: [String: Counterpart] = [:]
        for entry in old.storedIn {
            let (place, written) = ValueTypeRecord.splitMember(entry)
            let here = now.types(storedAt: place)
            let others = here.filter { recorded[$0.name]?.places.contains(place) != true }
            let before = shape(written, without: name)
            let match =
                here.first { $0.name == name }
                ?? others.first { shape($0.written, without: $0.name) == before } ?? others.first
            guard let match else { continue }
            let after = shape(match.written, without: match.name)
            var counterpart = found[match.name] ?? Counterpart(type: match.name)
            // Only a model's own attribute: a field's type is its struct's to compare. Only between encoded forms
            // (arrays and dictionaries): any other change of an attribute's storage moves the checksum.
            if before != after, place.split(separator: ".").count == 2, before.hasPrefix("["), after.hasPrefix("[") {
                let change = ValueTypeChange(
                    effect: .failsToDecode, text: "\(place) changed from \(written) to \(match.written)",
                    consequence: "rows hold the old form, which fails to decode as the new one")
                if !counterpart.reshaped.contains(change) { counterpart.reshaped.append(change) }
                counterpart.places.append(place)
                counterpart.comparesShapes = counterpart.comparesShapes || match.name == name
            } else if before == after || match.name == name {
                counterpart.places.append(place)
                counterpart.comparesShapes = true
            }
            found[match.name] = counterpart
        }
        return found.keys.sorted().map { found[$0]! }.filter { !$0.places.isEmpty }
    }

    /// A type declared now that reads rows a locked version wrote, at these places.
    struct Counterpart {
        var type: String
        var places: [String] = []
        /// The attribute's encoded form changed around it.
        var reshaped: [ValueTypeChange] = []
        /// Whether it reads the old type's rows in the old form somewhere: then their shapes are compared. Another
        /// type in another form shares nothing with the old one but the place.
        var comparesShapes = false
    }

    /// A declared type with `name` written as `_`, without the attribute's own optionality: `[_]` for `[Leg]?`.
    static func shape(_ written: String, without name: String) -> String {
        var result = ""
        var token = ""
        func flush() {
            result += token == name ? "_" : token
            token = ""
        }
        for character in written {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                token.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result.hasSuffix("?") ? String(result.dropLast()) : result
    }

    /// One type's changes, for every locked version whose rows it reads.
    struct Judgement {
        var type: String
        var detail: ValueTypeCollection.Detail
        var rawType: String?
        var versions: [String] = []
        var places: [String] = []
        var changes: [ValueTypeChange] = []

        mutating func add(version: String, identifier: String?, places: [String], _ found: [ValueTypeChange]) {
            let named = identifier.map { "\(version) (\($0))" } ?? version
            if !versions.contains(named) { versions.append(named) }
            self.places += places.filter { !self.places.contains($0) }
            changes += found.filter { !changes.contains($0) }
        }

        var effect: ValueTypeChange.Effect { changes.map(\.effect).max() ?? .unchecked }

        var severity: Severity {
            switch effect {
            case .failsToDecode, .changesMeaning: return .error
            case .dropsValues: return .warning
            case .unchecked: return .note
            }
        }

        /// The type's declaration; a type declared elsewhere is reported at the first property storing it.
        var location: SourceLocation {
            detail.location ?? detail.places.sorted { $0.key < $1.key }.first?.value
                ?? SourceLocation(file: "", line: 1, column: 1)
        }

        /// The worst changes first, in the order found.
        var ordered: [ValueTypeChange] {
            changes.enumerated().sorted { ($1.element.effect, $0.offset) < ($0.element.effect, $1.offset) }
                .map(\.element)
        }
    }
}

extension RuleID {
    public static let persistedValueChanged: RuleID = "persisted_value_changed"
}

extension Finding.Message {
    static func persistedValueChanged(_ judgement: PersistedValueChangedRule.Judgement) -> Self {
        let type = judgement.type.split(separator: ".").last.map(String.init) ?? judgement.type
        let changes = judgement.ordered
        let first = changes[0]
        let versions = judgement.versions
        // The version by name; an unversioned release has no name worth a headline's room.
        let shipped =
            versions.count == 1 && !versions[0].hasPrefix("the unversioned")
            ? versions[0].split(separator: " (").first.map(String.init)! : "it"
        let effect: String
        let id: String
        let fix: String
        switch judgement.effect {
        case .failsToDecode:
            id = "fails-to-decode"
            effect = "rows stored before fail to decode on users' devices"
            fix =
                "Keep what shipped decodable: put the case, raw value or field type back (a case that must go can be "
                + "read into another one by a hand-written init(from:)), make an added field optional, or rewrite the "
                + "stored rows in a custom migration stage before the change"
        case .changesMeaning:
            id = "changes-meaning"
            effect = "stored rows read as other cases on users' devices"
            fix =
                "Give each case back the raw value it shipped with, written out (`case high = 2`), and give new "
                + "cases new values"
        case .dropsValues:
            id = "drops-values"
            effect = "values rows hold for it are lost when saved again"
            fix =
                "If those values are no longer needed, suppress this here with the reason; otherwise keep the field, "
                + "or move its values elsewhere in a custom migration stage first"
        case .unchecked:
            id = "not-checked"
            effect = "whether its stored rows decode is not checked"
            fix = "Check that it still reads every value the shipped build wrote, on a store that build wrote"
        }
        let consequence =
            first.effect == .dropsValues ? first.consequence : "\(first.consequence) on users' devices"
        let stated =
            first.effect == .unchecked
            ? [
                "\(type) \(first.text) since \(shipped) shipped: \(effect)",
                "\(type) \(first.text) since it shipped: \(effect)",
            ]
            : [
                "\(type): \(first.text) since \(shipped) shipped; \(consequence)",
                "\(type): \(first.text) since it shipped; \(consequence)",
            ]
        let headline =
            (stated + [
                "\(type) changed since \(shipped) shipped: \(effect)",
                "\(type) changed since it shipped: \(effect)",
                "A stored value type changed since it shipped: \(effect)",
            ]).first { $0.count <= Self.headlineLimit }!
        let stored =
            !judgement.detail.isComposite(at: judgement.places)
            ? "inside encoded data, which the store checksum does not cover"
            : judgement.rawType != nil
                ? "as raw values, which the store checksum does not cover" : "in composite columns"
        let listed =
            changes.prefix(6).map { "\($0.effect == .unchecked ? type + " " : "")\($0.text) (\($0.consequence))" }
            + (changes.count > 6 ? ["and \(changes.count - 6) more"] : [])
        var reasons: [String] = []
        for change in changes { if let reason = change.reason, !reasons.contains(reason) { reasons.append(reason) } }
        let detail =
            "\(versions.joined(separator: ", ")) stored values in " + judgement.places.joined(separator: ", ")
            + " that \(judgement.type) reads now, \(stored): the store still opens, and each row is decoded when it "
            + "is fetched. Changed since: "
            + listed.joined(separator: "; ") + reasons.map { ". Note: \($0)" }.joined()
        return Self(id: id, headline, detail: detail, fix: fix)
    }
}
