import SchemaLintFacts
import SchemaLintModel

/// A check over the semantic model. Rules know nothing of output formats; reporters know nothing of rules.
///
/// The rule type is the one source of its metadata: `id`, `defaultSeverity`, `severities` and `summary`; its
/// document `Rules/<id>.md` repeats them in its header, which a test keeps in agreement.
public protocol Rule: Sendable {
    /// `snake_case`; its documentation is `Rules/<id>.md`.
    var id: RuleID { get }
    var defaultSeverity: Severity { get }
    /// Every severity the rule reports at, the default first (`stage_chain_broken` also warns).
    var severities: [Severity] { get }
    /// One line for `schemalint rules`.
    var summary: String { get }
    /// Rules about suppressions run after the others' findings have been filtered by them.
    var runsAfterSuppressions: Bool { get }
    func check(_ context: RuleContext) -> [Finding]
}

extension Rule {
    public var runsAfterSuppressions: Bool { false }
    public var severities: [Severity] { [defaultSeverity] }
}

extension Rule {
    /// A finding of this rule, at its default severity unless the rule says otherwise.
    func finding(
        _ location: SourceLocation, about subject: Finding.Subject, _ message: Finding.Message,
        severity: Severity? = nil, notes: [Finding.Note] = [], fix: Finding.Fix? = nil
    ) -> Finding {
        Finding(
            rule: id, severity: severity ?? defaultSeverity, subject: subject, location: location,
            message: message, notes: notes, fix: fix)
    }
}

/// Every rule schemalint has, by id. A rule is registered by conforming to `Rule` and being listed in `rules`, a list
/// the compiler checks (each entry is a rule type); `RuleRegistryTests` fails when a type in this module conforms to
/// `Rule` and is not listed, or a listed rule has no `Rules/<id>.md`. Order in the list does not matter: `all` is
/// sorted by id.
public enum RuleRegistry {
    public static let all: [any Rule] = rules.sorted { $0.id < $1.id }

    /// Every rule type, in type-name order.
    static let rules: [any Rule] = [
        BlanketSuppressionRule(),
        CloudKitIncompatibleRule(),
        ContainerModelsNotInSchemaRule(),
        ContainerWithoutMigrationPlanRule(),
        CoreDataStoreAdoptedRule(),
        CurrentModelVersionInvalidRule(),
        CustomStageLosesDataRule(),
        CustomStageWrongVersionRule(),
        DataDroppedRule(),
        DuplicateSchemaHashRule(),
        DuplicateVersionIdentifierRule(),
        HistoricalSchemaUsesLiveModelRule(),
        InverseMismatchRule(),
        InverseOnBothSidesRule(),
        LightweightUnsupportedChangeRule(),
        LockfileMissingRule(),
        MappingModelOutdatedRule(),
        MigrationErrorSwallowedRule(),
        ModelMissingFromSchemaRule(),
        PersistedValueChangedRule(),
        RenameWithoutOriginalNameRule(),
        SchemaNotListedRule(),
        SchemasOutOfOrderRule(),
        ShippedSchemaEditedRule(),
        ShippedSchemaRemovedRule(),
        ShippedVersionNotInPlanRule(),
        StageChainBrokenRule(),
        StageMissingRule(),
        StageNotListedRule(),
        StoreAbandonedRule(),
        StoreDeletedOnFailureRule(),
        StoreIdentifierMismatchRule(),
        StoreMatchesNoVersionRule(),
        StoreOpenedWithDifferentModelsRule(),
        SuperfluousSuppressionRule(),
        SyntaxErrorRule(),
        TypealiasNotLatestRule(),
        UniqueConstraintAddedRule(),
        UnusedPlanRule(),
        UnversionedModelRule(),
    ]

    public static func rule(_ id: RuleID) -> (any Rule)? { all.first { $0.id == id } }
}

extension RuleRegistry {
    /// The rule's document (`Rules/<id>.md`), embedded in the binary.
    public static func document(for id: String) -> String? { RuleDocuments.byID[id] }

    /// Every embedded document, for the test that keeps them in sync with `Rules/`.
    public static var documents: [String: String] { RuleDocuments.byID }
}
