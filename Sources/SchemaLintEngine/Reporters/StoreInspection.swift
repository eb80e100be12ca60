import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintStore

/// `schemalint inspect-store`: a store's metadata, the hash self-check and its cached model, readable by someone who
/// did not write the app (text) or by a script (JSON).
public enum StoreInspection {
    public static func text(_ metadata: StoreMetadata) -> String {
        let hashes = metadata.entityHashes.mapValues(Hex.encode)
        var output = "\(metadata.path)\n"
        let identifiers = metadata.identifiers.map { $0.isEmpty ? "\"\"" : $0 }.joined(separator: ", ")
        output += "  identifiers      \(identifiers.isEmpty ? "none" : identifiers)\n"
        output += "  checksum         \(metadata.checksum ?? "none recorded")\n"
        output += "  digest           \(metadata.digest ?? "none recorded")\n"
        output +=
            "  hashes version   \(metadata.hashesVersion.map(String.init) ?? "?"), framework "
                + "\(metadata.frameworkVersion.map(String.init) ?? "?")\n"
        output += "  self-check       \(selfCheckSummary(metadata))\n"
        guard let model = metadata.model else {
            for name in hashes.keys.sorted() { output += "  entity           \(name) \(hashes[name]!)\n" }
            return output
        }
        for entity in model.schema.entities {
            var heading = "  entity           \(entity.name) \(hashes[entity.name] ?? "(no recorded hash)")"
            if entity.isAbstract { heading += " abstract" }
            if let parent = entity.superentity { heading += " : \(parent)" }
            if let modifier = entity.versionHashModifier { heading += " hashModifier=\(modifier)" }
            output += heading + "\n"
            for property in entity.properties {
                output += lines(property, entity: entity.name, model: model, indent: "    ")
            }
            for constraint in entity.uniquenessConstraints {
                output += "    unique (\(constraint.joined(separator: ", ")))\n"
            }
        }
        return output
    }

    public static func json(_ metadata: StoreMetadata) -> String {
        let check = HashSelfCheck(metadata)
        return JSONValue.object([
            ("path", .string(metadata.path)),
            ("identifiers", .strings(metadata.identifiers)),
            ("checksum", metadata.checksum.map(JSONValue.string)),
            ("digest", metadata.digest.map(JSONValue.string)),
            ("hashesVersion", metadata.hashesVersion.map(JSONValue.int)),
            ("frameworkVersion", metadata.frameworkVersion.map(JSONValue.int)),
            ("entityHashes", .object(metadata.entityHashes.mapValues { .string(Hex.encode($0)) })),
            ("modelProblem", metadata.modelProblem.map(JSONValue.string)),
            (
                "selfCheck",
                check.map { check in
                    .object([
                        ("passed", .bool(check.passed)),
                        ("mismatches", .strings(check.mismatches)),
                        ("skipped", .strings(check.skipped)),
                    ])
                }
            ),
            (
                "model",
                metadata.model.map { model in
                    .object([
                        ("versionIdentifiers", .strings(model.versionIdentifiers)),
                        (
                            "entities",
                            .array(
                                model.schema.entities.map { entity in
                                    .object([
                                        ("name", .string(entity.name)),
                                        ("abstract", .bool(entity.isAbstract)),
                                        ("superentity", entity.superentity.map(JSONValue.string)),
                                        ("hashModifier", entity.versionHashModifier.map(JSONValue.string)),
                                        (
                                            "uniquenessConstraints",
                                            .array(entity.uniquenessConstraints.map(JSONValue.strings))
                                        ),
                                        (
                                            "properties",
                                            .array(
                                                entity.properties.map { json($0, entity: entity.name, model: model) })
                                        ),
                                    ])
                                })
                        ),
                    ])
                }
            ),
        ]).rendered()
    }

    private static func selfCheckSummary(_ metadata: StoreMetadata) -> String {
        guard let check = HashSelfCheck(metadata) else {
            return "not possible: \(metadata.modelProblem ?? "no cached model")"
        }
        if check.passed {
            let skipped = check.skipped.isEmpty ? "" : "; not recomputed: \(check.skipped.joined(separator: ", "))"
            return
                "passed, the cached model reproduces \(check.matchingEntities.count) recorded entity hashes\(skipped)"
        }
        return "FAILED: " + check.mismatches.joined(separator: "; ")
    }

    private static func describe(_ property: ManagedProperty, entity: String, model: CachedModel) -> String {
        var parts: [String] = []
        switch property.kind {
        case let .attribute(type, external, preserve):
            parts.append(StandardTypeStorage.typeName(type))
            if external { parts.append("external storage") }
            if preserve { parts.append("preserve value on deletion") }
        case .composite:
            parts.append("composite")
        case let .relationship(destination, inverse, minCount, maxCount, isOrdered):
            parts.append(maxCount == 1 ? "to-one → \(destination)" : "to-many → \(destination)")
            parts.append("inverse \(inverse ?? "none")")
            if minCount != 0 || maxCount > 1 {
                parts.append("count \(minCount)...\(maxCount <= 0 ? "" : String(maxCount))")
            }
            if isOrdered { parts.append("ordered") }
            if let rule = model.deleteRules["\(entity).\(property.name)"] {
                parts.append("delete \(deleteRuleName(rule))")
            }
        case let .derived(type, expression):
            parts.append("derived \(StandardTypeStorage.typeName(type)) = \(expression ?? "?")")
        }
        parts.append(property.isOptional ? "optional" : "required")
        if property.isTransient { parts.append("transient") }
        if property.isReadOnly { parts.append("read-only") }
        if let modifier = property.versionHashModifier { parts.append("hashModifier=\(modifier)") }
        return parts.joined(separator: ", ")
    }

    private static func lines(
        _ property: ManagedProperty, entity: String, model: CachedModel, indent: String
    ) -> String {
        let name = property.name.padding(toLength: max(20, property.name.count + 1))
        var output = "\(indent)\(name)\(describe(property, entity: entity, model: model))\n"
        if case let .composite(elements) = property.kind {
            for element in elements.sorted(by: { $0.name < $1.name }) {
                output += lines(element, entity: entity, model: model, indent: indent + "  ")
            }
        }
        return output
    }

    private static func json(_ property: ManagedProperty, entity: String, model: CachedModel) -> JSONValue {
        var members: [(String, JSONValue?)] = [
            ("name", .string(property.name)),
            ("optional", .bool(property.isOptional)),
            ("transient", .bool(property.isTransient)),
            ("readOnly", .bool(property.isReadOnly)),
            ("hashModifier", property.versionHashModifier.map(JSONValue.string)),
        ]
        switch property.kind {
        case let .attribute(type, external, preserve):
            members += [
                ("kind", .string("attribute")), ("type", .int(Int(type))),
                ("externalStorage", .bool(external)), ("preserveValueOnDeletion", .bool(preserve)),
            ]
        case let .composite(elements):
            members += [
                ("kind", .string("composite")), ("type", .int(2100)),
                (
                    "elements",
                    .array(elements.sorted { $0.name < $1.name }.map { json($0, entity: entity, model: model) })
                ),
            ]
        case let .relationship(destination, inverse, minCount, maxCount, isOrdered):
            members += [
                ("kind", .string("relationship")), ("destination", .string(destination)),
                ("inverse", inverse.map(JSONValue.string)), ("minCount", .int(Int(minCount))),
                ("maxCount", .int(Int(maxCount))), ("ordered", .bool(isOrdered)),
                ("deleteRule", model.deleteRules["\(entity).\(property.name)"].map { .string(deleteRuleName($0)) }),
            ]
        case let .derived(type, expression):
            members += [
                ("kind", .string("derived")), ("type", .int(Int(type))),
                ("expression", expression.map(JSONValue.string)),
            ]
        }
        return .object(members)
    }

    private static func deleteRuleName(_ rule: Int) -> String {
        DeleteRule(storeCode: rule)?.rawValue ?? "rule \(rule)"
    }
}

private extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
