import Foundation
import SwiftData

@Model
final class SDFolder {
    @Attribute(.unique) let id: UUID
    var name: String
    var imageData: Data?
    @Relationship(deleteRule: .cascade, inverse: \SDFolder.parentFolder) var folders: [SDFolder]
    @Relationship(deleteRule: .cascade, inverse: \SDRecipe.parentFolder) var recipes: [SDRecipe]
    var folderType: Folder.FolderType
    var parentFolder: SDFolder?

    init(id: UUID, name: String, folderType: Folder.FolderType) {
        self.id = id
        self.name = name
        self.imageData = nil
        self.folders = []
        self.recipes = []
        self.folderType = folderType
    }
}
