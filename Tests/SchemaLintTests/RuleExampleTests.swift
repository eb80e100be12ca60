import SchemaLintEngine
import XCTest

/// Each rule's document is its tests: every example in `Rules/<rule_id>.md` behaves as documented, a failing one
/// exactly where its `↓` marks say (`RuleDocumentationTests.assertExamples`). Written by
/// scripts/generate-rule-example-tests.py, one test per rule.
final class RuleExampleTests: XCTestCase {
    func test_blanket_suppression() throws {
        try RuleDocumentationTests.assertExamples(of: "blanket_suppression")
    }

    func test_cloudkit_incompatible() throws {
        try RuleDocumentationTests.assertExamples(of: "cloudkit_incompatible")
    }

    func test_container_models_not_in_schema() throws {
        try RuleDocumentationTests.assertExamples(of: "container_models_not_in_schema")
    }

    func test_container_without_migration_plan() throws {
        try RuleDocumentationTests.assertExamples(of: "container_without_migration_plan")
    }

    func test_core_data_store_adopted() throws {
        try RuleDocumentationTests.assertExamples(of: "core_data_store_adopted")
    }

    func test_current_model_version_invalid() throws {
        try RuleDocumentationTests.assertExamples(of: "current_model_version_invalid")
    }

    func test_custom_stage_loses_data() throws {
        try RuleDocumentationTests.assertExamples(of: "custom_stage_loses_data")
    }

    func test_custom_stage_wrong_version() throws {
        try RuleDocumentationTests.assertExamples(of: "custom_stage_wrong_version")
    }

    func test_data_dropped() throws {
        try RuleDocumentationTests.assertExamples(of: "data_dropped")
    }

    func test_duplicate_schema_hash() throws {
        try RuleDocumentationTests.assertExamples(of: "duplicate_schema_hash")
    }

    func test_duplicate_version_identifier() throws {
        try RuleDocumentationTests.assertExamples(of: "duplicate_version_identifier")
    }

    func test_historical_schema_uses_live_model() throws {
        try RuleDocumentationTests.assertExamples(of: "historical_schema_uses_live_model")
    }

    func test_inverse_mismatch() throws {
        try RuleDocumentationTests.assertExamples(of: "inverse_mismatch")
    }

    func test_inverse_on_both_sides() throws {
        try RuleDocumentationTests.assertExamples(of: "inverse_on_both_sides")
    }

    func test_lightweight_unsupported_change() throws {
        try RuleDocumentationTests.assertExamples(of: "lightweight_unsupported_change")
    }

    func test_lockfile_missing() throws {
        try RuleDocumentationTests.assertExamples(of: "lockfile_missing")
    }

    func test_mapping_model_outdated() throws {
        try RuleDocumentationTests.assertExamples(of: "mapping_model_outdated")
    }

    func test_migration_error_swallowed() throws {
        try RuleDocumentationTests.assertExamples(of: "migration_error_swallowed")
    }

    func test_model_missing_from_schema() throws {
        try RuleDocumentationTests.assertExamples(of: "model_missing_from_schema")
    }

    func test_persisted_value_changed() throws {
        try RuleDocumentationTests.assertExamples(of: "persisted_value_changed")
    }

    func test_rename_without_original_name() throws {
        try RuleDocumentationTests.assertExamples(of: "rename_without_original_name")
    }

    func test_schema_not_listed() throws {
        try RuleDocumentationTests.assertExamples(of: "schema_not_listed")
    }

    func test_schemas_out_of_order() throws {
        try RuleDocumentationTests.assertExamples(of: "schemas_out_of_order")
    }

    func test_shipped_schema_edited() throws {
        try RuleDocumentationTests.assertExamples(of: "shipped_schema_edited")
    }

    func test_shipped_schema_removed() throws {
        try RuleDocumentationTests.assertExamples(of: "shipped_schema_removed")
    }

    func test_shipped_version_not_in_plan() throws {
        try RuleDocumentationTests.assertExamples(of: "shipped_version_not_in_plan")
    }

    func test_stage_chain_broken() throws {
        try RuleDocumentationTests.assertExamples(of: "stage_chain_broken")
    }

    func test_stage_missing() throws {
        try RuleDocumentationTests.assertExamples(of: "stage_missing")
    }

    func test_stage_not_listed() throws {
        try RuleDocumentationTests.assertExamples(of: "stage_not_listed")
    }

    func test_store_abandoned() throws {
        try RuleDocumentationTests.assertExamples(of: "store_abandoned")
    }

    func test_store_deleted_on_failure() throws {
        try RuleDocumentationTests.assertExamples(of: "store_deleted_on_failure")
    }

    func test_store_identifier_mismatch() throws {
        try RuleDocumentationTests.assertExamples(of: "store_identifier_mismatch")
    }

    func test_store_matches_no_version() throws {
        try RuleDocumentationTests.assertExamples(of: "store_matches_no_version")
    }

    func test_store_opened_with_different_models() throws {
        try RuleDocumentationTests.assertExamples(of: "store_opened_with_different_models")
    }

    func test_superfluous_suppression() throws {
        try RuleDocumentationTests.assertExamples(of: "superfluous_suppression")
    }

    func test_syntax_error() throws {
        try RuleDocumentationTests.assertExamples(of: "syntax_error")
    }

    func test_typealias_not_latest() throws {
        try RuleDocumentationTests.assertExamples(of: "typealias_not_latest")
    }

    func test_unique_constraint_added() throws {
        try RuleDocumentationTests.assertExamples(of: "unique_constraint_added")
    }

    func test_unused_plan() throws {
        try RuleDocumentationTests.assertExamples(of: "unused_plan")
    }

    func test_unversioned_model() throws {
        try RuleDocumentationTests.assertExamples(of: "unversioned_model")
    }

    /// A rule added without a test here would go untested: regenerate this file.
    func testEveryRuleHasItsOwnTest() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        for rule in RuleRegistry.all {
            XCTAssertTrue(
                source.contains("func test_\(rule.id)()"),
                "no test for \(rule.id): run scripts/generate-rule-example-tests.py")
        }
    }
}
