/// A Core Data model version's `contents` with one entity and one optional attribute, for tests that need a bundle
/// beside their Swift code.
enum CoreDataModelText {
    static func oneEntity(_ entity: String, attribute: String, type: String = "String") -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="\(entity)" representedClassName="\(entity)" syncable="YES">
                <attribute name="\(attribute)" optional="YES" attributeType="\(type)"/>
            </entity>
        </model>
        """
    }
}
