// Not schema code: a string that merely mentions SwiftData words.
let helpText = "Add your @Model to a VersionedSchema."
