import Foundation
import SchemaLintStore

/// Writes a Core Data app shaped like a large real one (woocommerce-ios: 117 versions of about sixty entities,
/// mapping models that embed their source and destination models): one model bundle of `versions` versions of
/// `entities` entities, each version adding an attribute to one entity; a mapping model every few versions, whose
/// `xcmapping.xml` embeds both models as Xcode writes them (base64 of a binary keyed archive of `XDPMModel`, read by
/// `ArchivedDataModel`); the Core Data stack that opens the store; and ordinary app files. `lock` is run on it by the
/// benchmark, so `check` takes the versions and what comparing each mapping model gave from the lockfile.
struct SyntheticCoreDataApp {
    var versions = 100
    var entities = 40
    var mappingModels = 20
    var ordinaryFiles = 2000

    static let bundle = "Shop"

    /// The attributes every entity has (name, Core Data type, optional), then one optional string per version that
    /// added one to it.
    static let attributes: [(String, String, Bool)] = [
        ("identifier", "Integer 64", false), ("name", "String", false), ("createdAt", "Date", true),
        ("isActive", "Boolean", false), ("amount", "Double", false), ("note", "String", true),
        ("payload", "Binary", true),
    ]

    /// The versions each mapping model maps: `from` to `from + 1`, spread over the bundle.
    var mappedSteps: [Int] {
        guard versions > 1, mappingModels > 0 else { return [] }
        let step = max(1, (versions - 1) / mappingModels)
        return (0..<min(mappingModels, versions - 1)).map { 1 + $0 * step }
    }

    /// The attributes of `entity` (1-based) in `version`: version v adds `addedV` to entity `v % entities + 1`.
    func attributes(of entity: Int, in version: Int) -> [(String, String, Bool)] {
        let added = (2...max(2, version)).filter { version > 1 && $0 % entities + 1 == entity }
        return Self.attributes + added.map { ("added\($0)", "String", true) }
    }

    func write(to root: URL) throws {
        let fm = FileManager.default
        let model = root.appendingPathComponent("App/Model")
        let bundle = model.appendingPathComponent("\(Self.bundle).xcdatamodeld")
        try fm.createDirectory(at: bundle, withIntermediateDirectories: true)
        for version in 1...versions {
            let folder = bundle.appendingPathComponent("\(Self.bundle) \(version).xcdatamodel")
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            try contents(of: version).write(
                to: folder.appendingPathComponent("contents"), atomically: false, encoding: .utf8)
        }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>\(Self.bundle) \(versions).xcdatamodel</string>
        </dict>
        </plist>

        """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: false, encoding: .utf8)
        for from in mappedSteps {
            let folder = model.appendingPathComponent("\(Self.bundle)V\(from)toV\(from + 1).xcmappingmodel")
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            try mapping(from: from).write(
                to: folder.appendingPathComponent("xcmapping.xml"), atomically: false, encoding: .utf8)
        }
        let sources = root.appendingPathComponent("App/Sources")
        try fm.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
        import CoreData

        final class StoreStack {
            static let shared = StoreStack()

            let container: NSPersistentContainer

            private init() {
                container = NSPersistentContainer(name: "\(Self.bundle)")
                container.loadPersistentStores { _, error in
                    if let error { print("store: \\(error)") }
                }
            }
        }

        """.write(to: sources.appendingPathComponent("StoreStack.swift"), atomically: false, encoding: .utf8)
        // Ordinary files without the stack's words (one in ten of `SyntheticApp`'s has them): one stack, as real
        // apps have.
        var written = 0
        var index = 1
        while written < ordinaryFiles {
            if index % 10 != 0 {
                try SyntheticApp.ordinaryFile(index).write(
                    to: sources.appendingPathComponent("Feature\(index).swift"), atomically: false, encoding: .utf8)
                written += 1
            }
            index += 1
        }
    }

    func contents(of version: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="21754" \
            systemVersion="22G91" minimumToolsVersion="Automatic" sourceLanguage="Swift" \
            userDefinedModelVersionIdentifier="">

            """
        for entity in 1...entities {
            text += "    <entity name=\"Entity\(entity)\" representedClassName=\"Entity\(entity)\" syncable=\"YES\">\n"
            for (name, type, optional) in attributes(of: entity, in: version) {
                let scalar = ["Integer 64", "Boolean", "Double"].contains(type)
                let defaultValue = type == "Boolean" ? "NO" : "0"
                text += "        <attribute name=\"\(name)\"\(optional ? " optional=\"YES\"" : "") "
                    + "attributeType=\"\(type)\""
                    + (scalar ? " defaultValueString=\"\(defaultValue)\" usesScalarValueType=\"YES\"" : "") + "/>\n"
            }
            text += "    </entity>\n"
        }
        return text + "</model>\n"
    }

    func mapping(from version: Int) throws -> String {
        let source = try Self.base64Lines(archive(of: version))
        let destination = try Self.base64Lines(archive(of: version + 1))
        let path = { (version: Int) in "App/Model/\(Self.bundle).xcdatamodeld/\(Self.bundle) \(version).xcdatamodel" }
        return """
            <?xml version="1.0" standalone="yes"?>
            <!DOCTYPE database SYSTEM "file:///System/Library/DTDs/CoreData.dtd">
            <database>
                <object type="XDDEVMAPPINGMODEL" id="m1">
                    <attribute name="sourcemodelpath" type="string">\(path(version))</attribute>
                    <attribute name="sourcemodeldata" type="binary">\(source)</attribute>
                    <attribute name="destinationmodelpath" type="string">\(path(version + 1))</attribute>
                    <attribute name="destinationmodeldata" type="binary">\(destination)</attribute>
                </object>
            </database>

            """
    }

    /// Base64 in lines of 76 characters, as Xcode writes it.
    static func base64Lines(_ bytes: [UInt8]) -> String {
        let text = Data(bytes).base64EncodedString()
        var lines: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex
            lines.append(text[start..<end])
            start = end
        }
        return lines.joined(separator: "\n")
    }

    /// Xcode's keyed archive of a version (`XDPMModel`: a root package whose classes are the entities, each owning
    /// its attributes, whose settings are the defaults of stereotype properties), as `ArchivedDataModel` reads it.
    func archive(of version: Int) throws -> [UInt8] {
        var writer = KeyedArchiveWriter()
        let classes = ["NSObject"]
        func dictionary(_ entries: [(String, KeyedArchiveWriter.Field)]) -> KeyedArchiveWriter.Object {
            writer.dictionary(entries, classes: ["NSMutableDictionary", "NSDictionary"] + classes)
        }
        func stereotype(_ settings: [(String, KeyedArchiveWriter.Field)]) -> KeyedArchiveWriter.Object {
            var owned: [(String, KeyedArchiveWriter.Field)] = []
            for (key, value) in settings {
                let setting = writer.make(classes: ["XDUMLPropertyImp"] + classes, fields: [("_default", value)])
                owned.append((key, .object(setting)))
            }
            let bucket = dictionary(owned)
            return writer.make(
                classes: ["XDUMLStereotypeImp"] + classes,
                fields: [("XDBucketForOwnedAttributesstorage", .object(bucket))])
        }
        let codes = ["Integer 64": 300, "Double": 500, "String": 700, "Boolean": 800, "Date": 900, "Binary": 1000]
        var entityObjects: [(String, KeyedArchiveWriter.Field)] = []
        for entity in 1...entities {
            var properties: [(String, KeyedArchiveWriter.Field)] = []
            for (name, type, optional) in attributes(of: entity, in: version) {
                let property = stereotype([
                    ("XD_PPSK_isOptional", .bool(optional)), ("XD_PPSK_isTransient", .bool(false)),
                    ("XD_PPSK_versionHashModifier", .null),
                ])
                let attribute = stereotype([
                    ("XD_PAttK_attributeType", .integer(Int64(codes[type]!))),
                    ("XD_PAttK_allowsExternalBinaryDataStorage", .bool(false)),
                ])
                let stereotypes = dictionary([
                    ("XD_PPropStereotype", .object(property)), ("XD_PAtt_Stereotype", .object(attribute)),
                ])
                let made = writer.make(
                    classes: ["XDPMAttribute"] + classes,
                    fields: [("_name", .string(name)), ("XDBucketForStereotypesstorage", .object(stereotypes))])
                properties.append((name, .object(made)))
            }
            let traits = stereotype([("XD_PSK_isAbstract", .bool(false)), ("XD_PSK_versionHashModifier", .null)])
            let stereotypes = dictionary([("XD_PStereotype", .object(traits))])
            let owned = dictionary(properties)
            let object = writer.make(
                classes: ["XDPMEntity"] + classes,
                fields: [
                    ("_name", .string("Entity\(entity)")), ("_isAbstract", .bool(false)),
                    ("XDBucketForStereotypesstorage", .object(stereotypes)),
                    ("XDBucketForOwnedAttributesstorage", .object(owned)),
                ])
            entityObjects.append(("Entity\(entity)", .object(object)))
        }
        let package = writer.make(
            classes: ["XDModelPackage"] + classes,
            fields: [("XDBucketForClassesstorage", .object(dictionary(entityObjects)))])
        let model = writer.make(classes: ["XDPMModel"] + classes, fields: [("_xd_rootPackage", .object(package))])
        return try writer.encode(root: model)
    }
}
