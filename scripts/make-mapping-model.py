#!/usr/bin/env python3
"""Writes an .xcmappingmodel's xcmapping.xml that embeds two model versions as Xcode does: for each, base64 of a
binary keyed archive of Xcode's model classes (XDPMModel, its root package's XDPMEntity classes, their XDPMAttribute
and relationship properties, each setting the default value of a stereotype property). Only the parts schemalint
reads (Sources/SchemaLintStore/ArchivedDataModel.swift) are written; entity mappings are left out. Test fixtures are
made with it from model files written for the tests.

Usage: make-mapping-model.py SOURCE_CONTENTS DESTINATION_CONTENTS SOURCE_PATH DESTINATION_PATH OUTPUT_FOLDER
(SOURCE_PATH and DESTINATION_PATH are the version paths the file names, as Xcode records them.)
"""
import base64
import os
import plistlib
import sys
import textwrap
import xml.etree.ElementTree as ET

TYPES = {
    "Undefined": 0, "Integer 16": 100, "Integer 32": 200, "Integer 64": 300, "Decimal": 400, "Double": 500,
    "Float": 600, "String": 700, "Boolean": 800, "Date": 900, "Binary": 1000, "UUID": 1100, "URI": 1200,
    "Transformable": 1800, "ObjectID": 2000, "Composite": 2100,
}


def archive(contents_path):
    objects = ["$null"]
    classes = {}

    def add(value):
        objects.append(value)
        return plistlib.UID(len(objects) - 1)

    def cls(name):
        if name not in classes:
            classes[name] = add({"$classname": name, "$classes": [name, "NSObject"]})
        return classes[name]

    def dictionary(pairs):
        return add({"$class": cls("NSMutableDictionary"), "NS.keys": [add(k) for k, _ in pairs],
                    "NS.objects": [v for _, v in pairs]})

    def stereotype(values):
        settings = [(key, add({"$class": cls("XDUMLPropertyImp"),
                               "_default": plistlib.UID(0) if value is None else add(value)}))
                    for key, value in values.items()]
        return add({"$class": cls("XDUMLStereotypeImp"), "XDBucketForOwnedAttributesstorage": dictionary(settings)})

    model = add(None)  # index 1: the root, filled in last
    root = ET.parse(contents_path).getroot()
    entities = []
    for entity in root.findall("entity"):
        properties = []
        for child in entity:
            if child.tag not in ("attribute", "relationship"):
                continue
            values = {
                "XD_PPSK_isOptional": child.get("optional") == "YES",
                "XD_PPSK_isTransient": child.get("transient") == "YES",
                "XD_PPSK_versionHashModifier": child.get("versionHashModifier"),
            }
            stereotypes = [("XD_PPropStereotype", stereotype(values))]
            if child.tag == "attribute":
                stereotypes.append(("XD_PAtt_Stereotype", stereotype({
                    "XD_PAttK_attributeType": TYPES[child.get("attributeType", "Undefined")],
                    "XD_PAttK_allowsExternalBinaryDataStorage": child.get("allowsExternalBinaryDataStorage") == "YES",
                })))
            kind = "XDPMAttribute" if child.tag == "attribute" else "XDPMRelationship"
            properties.append((child.get("name"), add({
                "$class": cls(kind), "_name": add(child.get("name")),
                "XDBucketForStereotypesstorage": dictionary(stereotypes)})))
        abstract = entity.get("isAbstract") == "YES"
        entities.append((entity.get("name"), add({
            "$class": cls("XDPMEntity"), "_name": add(entity.get("name")), "_isAbstract": abstract,
            "XDBucketForStereotypesstorage": dictionary([("XD_PStereotype", stereotype({
                "XD_PSK_isAbstract": abstract, "XD_PSK_versionHashModifier": entity.get("versionHashModifier")}))]),
            "XDBucketForOwnedAttributesstorage": dictionary(properties)})))
    package = add({"$class": cls("XDModelPackage"), "XDBucketForClassesstorage": dictionary(entities)})
    objects[model.data] = {"$class": cls("XDPMModel"), "_xd_rootPackage": package}
    return plistlib.dumps({"$version": 100000, "$archiver": "NSKeyedArchiver", "$top": {"root": model},
                           "$objects": objects}, fmt=plistlib.FMT_BINARY)


def main():
    source, destination, source_path, destination_path, output = sys.argv[1:6]
    data = [textwrap.fill(base64.b64encode(archive(path)).decode(), 76) for path in (source, destination)]
    os.makedirs(output, exist_ok=True)
    with open(os.path.join(output, "xcmapping.xml"), "w") as file:
        file.write(f"""<?xml version="1.0" standalone="yes"?>
<!DOCTYPE database SYSTEM "file:///System/Library/DTDs/CoreData.dtd">
<database>
    <object type="XDDEVMAPPINGMODEL" id="m1">
        <attribute name="sourcemodelpath" type="string">{source_path}</attribute>
        <attribute name="sourcemodeldata" type="binary">{data[0]}</attribute>
        <attribute name="destinationmodelpath" type="string">{destination_path}</attribute>
        <attribute name="destinationmodeldata" type="binary">{data[1]}</attribute>
    </object>
</database>
""")


if __name__ == "__main__":
    main()
